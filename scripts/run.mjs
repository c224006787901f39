// Running a step of the test command (scripts/test.mjs, scripts/test-build.mjs) as a child process.
import { spawn } from 'node:child_process';

/** The one line CI reads at the end of `pnpm test`. */
export const CLOSING_LINE = /^\d+ passed, \d+ failed$/m;

/**
 * Runs a command with the terminal's output and `env` added to this process's environment;
 * resolves with its exit code and, when watched for, whether it printed the closing line.
 */
export function run(command, args, { env = {}, watchForClosingLine = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['inherit', watchForClosingLine ? 'pipe' : 'inherit', 'inherit'] });
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
