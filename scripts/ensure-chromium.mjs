// Browser tests drive Debian's chromium-headless-shell (never a downloaded browser; which and why:
// test-support/src/chromium-flags.mjs). On a fresh machine where we are root, install it with apt;
// otherwise say exactly what is missing. Every failure ends with one line saying what failed and
// what to do, never a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { testChromium } from '../test-support/src/chromium-flags.mjs';

const CHROMIUM = testChromium();
const PACKAGE = 'chromium-headless-shell';
// Another install (unattended upgrades, a second terminal) may hold apt's locks: wait up to 10 minutes.
const LOCK_WAIT_SECONDS = 600;

function fail(message) {
  console.error(message);
  process.exit(1);
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs apt-get and returns its exit status, trying again while another apt holds a lock: `update`
 * and `install` both take the package lists' lock without waiting (DPkg::Lock::Timeout covers only
 * dpkg's own lock, which apt then waits for by itself).
 */
function aptGet(args, deadline) {
  const options = ['-qq', '-o', `DPkg::Lock::Timeout=${LOCK_WAIT_SECONDS}`];
  // LC_ALL=C: the lock message is matched in apt's own words, not a translation.
  const env = { ...process.env, LC_ALL: 'C', DEBIAN_FRONTEND: 'noninteractive' };
  for (let told = false; ; told = true) {
    const result = spawnSync('apt-get', [...options, ...args], { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'], env });
    const stderr = result.stderr ?? '';
    const lock = /Could not get lock[^\n]*/.exec(stderr)?.[0];
    if (result.status === 0 || !lock || Date.now() > deadline) {
      process.stderr.write(stderr);
      return result.status ?? result.error?.code;
    }
    if (!told) console.log(`${lock}: waiting for it (up to ${LOCK_WAIT_SECONDS / 60} minutes)...`);
    sleep(2000);
  }
}

if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    fail(`Chromium is missing at ${CHROMIUM}: install it (Debian: sudo apt-get install ${PACKAGE}) or set CHROMIUM_PATH.`);
  }
  console.log(`Installing Debian's ${PACKAGE} for the browser tests...`);
  const deadline = Date.now() + LOCK_WAIT_SECONDS * 1000;
  for (const [args, step] of [
    [['update'], "Updating apt's package lists"],
    [['-y', 'install', PACKAGE], `Installing ${PACKAGE}`],
  ]) {
    const status = aptGet(args, deadline);
    if (status !== 0)
      fail(
        `${step} with apt-get failed (exit ${status}); see apt's message above. Install it by hand (apt-get install ${PACKAGE}) or set CHROMIUM_PATH, then run the tests again.`,
      );
  }
  if (!existsSync(CHROMIUM))
    fail(`apt installed ${PACKAGE}, but there is still none at ${CHROMIUM}: set CHROMIUM_PATH to where it is (Debian: /usr/bin/chromium-headless-shell).`);
}
