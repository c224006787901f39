// Browser tests drive Debian's Chromium at /usr/bin/chromium (never a downloaded browser).
// On a fresh machine where we are root, install it with apt; otherwise say exactly what is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(`Chromium is missing at ${CHROMIUM}: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  // Another install (unattended upgrades, a second terminal) may hold apt's locks: wait up to 10
  // minutes for them instead of failing at once, and end with one clear line, not a stack trace.
  const wait = '-o DPkg::Lock::Timeout=600';
  try {
    execSync(`apt-get ${wait} update -qq && DEBIAN_FRONTEND=noninteractive apt-get ${wait} install -y -qq chromium`, { stdio: 'inherit' });
  } catch (error) {
    console.error(`Installing chromium with apt-get failed (exit ${error.status ?? '?'}); see apt's message above. Install it by hand (apt-get install chromium) or set CHROMIUM_PATH, then run the tests again.`);
    process.exit(1);
  }
}
