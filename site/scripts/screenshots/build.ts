// Builds the widget and the site with their own package scripts (so this never drifts from
// `pnpm build`), the site with the webhook base of the host the screenshots submit to.
import { spawn } from 'node:child_process';
import { TEST_OUT_DIR } from '../out-dir.mjs';

// Under `pnpm screenshots`, npm_execpath is the pnpm that runs us; otherwise pnpm from PATH.
const pnpm = (): [string, string[]] => {
  const execPath = process.env['npm_execpath'];
  return execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
};

function runBuild(filter: string, env: Record<string, string> = {}, script = ['build']): Promise<void> {
  const [command, prefix] = pnpm();
  const args = [...prefix, '--filter', filter, ...script];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pnpm --filter ${filter} build exited with ${code}:\n${output}`))));
  });
}

/**
 * widget/dist; widget/test-dist, the same build with Daily's client faked (the widget's browser tests
 * make it the same way: vite.config.ts reads FAD_* when it loads); then the site with
 * `VITE_WEBHOOK_BASE=webhookBase` into site/dist-test, as the test command does: pages that post to
 * this machine never sit in site/dist, where a release is built (scripts/out-dir.mjs).
 */
export async function buildSite(webhookBase: string): Promise<void> {
  console.log('building the widget');
  await runBuild('@franchise-ai/widget');
  console.log("building the widget's test build (fake Daily) into widget/test-dist");
  await runBuild('@franchise-ai/widget', { NODE_ENV: 'production', FAD_FAKE_DAILY: '1', FAD_OUT_DIR: 'test-dist' }, [
    'exec',
    'vite',
    'build',
    '--logLevel',
    'warn',
  ]);
  console.log(`building the site (VITE_WEBHOOK_BASE=${webhookBase})`);
  await runBuild('@franchise-ai/site', { VITE_WEBHOOK_BASE: webhookBase, SITE_OUT_DIR: TEST_OUT_DIR });
}
