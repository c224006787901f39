// `pnpm test`: everything CI runs, in order, ending with the one line CI reads: `N passed, N failed`.
// Vitest's closing-line reporter prints that line; when a step before it fails (Chromium missing,
// build, typecheck) or Vitest dies without reporting, this prints it instead, counting the broken
// step as one failure, so CI never sees a red run without its line.
import { spawn } from 'node:child_process';

const CLOSING_LINE = /^\d+ passed, \d+ failed$/m;

/** Runs a command with the terminal's output; resolves with its exit code and whether it printed the closing line. */
function run(command, args, { watchForClosingLine = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', watchForClosingLine ? 'pipe' : 'inherit', 'inherit'] });
    let tail = '';
    let sawClosingLine = false;
    child.stdout?.on('data', (chunk) => {
      process.stdout.write(chunk);
      // Keep enough of the end of the output to find a line split across chunks.
      tail = (tail + chunk).slice(-4096);
      if (CLOSING_LINE.test(tail)) sawClosingLine = true;
    });
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve({ code: 1, sawClosingLine });
    });
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), sawClosingLine }));
  });
}

function fail(step, code) {
  console.error(`\n${step} failed (exit ${code}): no tests ran.`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

for (const [step, command, args] of [
  ['chromium check', process.execPath, ['scripts/ensure-chromium.mjs']],
  ['build', 'pnpm', ['build']],
  ['typecheck', 'pnpm', ['typecheck']],
]) {
  const { code } = await run(command, args);
  if (code !== 0) fail(step, code);
}

const { code, sawClosingLine } = await run('vitest', ['run', ...process.argv.slice(2)], { watchForClosingLine: true });
if (!sawClosingLine) fail('vitest', code);
process.exit(code);
