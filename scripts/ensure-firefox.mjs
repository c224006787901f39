// The Firefox suite (widget-firefox) drives Debian's Firefox ESR at /usr/bin/firefox-esr (never a
// downloaded browser); .ci/run installs it with apt. Here the test command stops before anything
// runs, with one line saying what is missing and what to do, when it is not there.
import { existsSync } from 'node:fs';

// Read the same way as test-support/src/firefox.ts (firefoxPath), so both agree on the binary.
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

if (!existsSync(FIREFOX)) {
  console.error(`Firefox ESR is missing at ${FIREFOX}: install it (Debian: sudo apt-get install firefox-esr) or set FIREFOX_PATH.`);
  process.exit(1);
}
