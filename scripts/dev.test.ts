import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
// The test support's Chromium: the suite's flags, a fresh profile, no host but 127.0.0.1 resolves.
import { launchChromium } from '../test-support/src/browser.ts';

// `pnpm dev` as a whole (scripts/dev.mjs): every server started, the ready block, each address it
// names answering, and Ctrl-C ending everything quietly with exit code 0. It runs beside the other
// node suites, so: DEV_FREE_PORTS=1 puts every server on a free port (the fixed ones may be taken,
// by a `pnpm dev` of the developer's own too); DEV_USE_WIDGET_DIST=1 serves the widget's build that
// `pnpm test` made before the suites instead of building it again, as that build empties
// widget/dist/ and rewrites it while the script-tag suite reads it; DEV_VITE_CACHE starts the Vite
// servers with an empty dependency cache of their own, as a fresh clone does, leaving the
// developer's alone; and the leads go to a temporary database, not the one `pnpm dev` keeps.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'dev-script-'));
let child: ChildProcess | undefined;
let exited: Promise<unknown> = Promise.resolve();
afterAll(async () => {
  // After a failed assertion: dev.mjs stops its servers (each in its own process group) on SIGTERM.
  if (child?.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  rmSync(temp, { recursive: true, force: true });
});

/** Resolves true when nothing listens on `port` of 127.0.0.1 (the connection is refused). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

it('prints one ready block whose every address answers, and ends with code 0, no error line and every port free on Ctrl-C', { timeout: 200_000 }, async () => {
  const dev = (child = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: ROOT,
    env: { ...process.env, DEV_FREE_PORTS: '1', DEV_USE_WIDGET_DIST: '1', DEV_VITE_CACHE: join(temp, 'vite'), DATABASE_PATH: join(temp, 'leads.db') },
    stdio: ['ignore', 'pipe', 'pipe'],
  }));
  let output = '';
  dev.stdout!.on('data', (chunk) => (output += chunk));
  dev.stderr!.on('data', (chunk) => (output += chunk));
  const ending = new Promise<{ code: number | null; signal: string | null }>((resolve) => dev.once('exit', (code, signal) => resolve({ code, signal })));
  exited = ending;
  let running = true;
  void ending.then(() => (running = false));

  // A cold start on a loaded 2-core machine (Vite bundling each page's dependencies) takes tens of seconds.
  await expect.poll(() => !running || /Ready in [\d.]+ s:[\s\S]*Ctrl-C stops everything\./.test(output), { timeout: 120_000, interval: 250 }).toBe(true);
  expect(running, output).toBe(true);
  // Each Vite server has bundled its page's dependencies before the block (the first visit waited for it).
  for (const pkg of ['site', 'react-host']) expect(existsSync(join(temp, 'vite', pkg, 'deps', '_metadata.json')), `${pkg}'s dependencies bundled`).toBe(true);

  const block = output.slice(output.indexOf('Ready in'));
  const urls = [...new Set(block.match(/http:\/\/127\.0\.0\.1:\d+\/[^\s)]*/g))];
  // The site with /demo and /embed, the partner page and its strict-CSP variant, the React host, the local host and the sample franchisor site.
  expect(urls).toHaveLength(8);
  const localHost = /local host\s+(\S+)/.exec(block)![1];
  for (const url of urls) {
    const response = await fetch(url);
    // The local host serves webhooks only: its root answers 404 with how to call them.
    if (url === localHost) expect([response.status, await response.text()], url).toEqual([404, expect.stringContaining('Use POST /webhook/')]);
    else expect(response.status, url).toBe(200);
  }
  const ports = [...new Set(urls.map((url) => Number(new URL(url).port)))];
  expect(ports).toHaveLength(5);

  // The first visit to each page with the widget renders it at once, and is never reloaded by Vite.
  const site = /\bsite\s+(\S+)/.exec(block)![1]!;
  const pages = [`${site}demo`, `${site}embed`, /React host\s+(\S+)/.exec(block)![1]!];
  const browser = await launchChromium();
  try {
    await Promise.all(
      pages.map(async (url) => {
        const page = await browser.newPage();
        let loads = 0;
        page.on('load', () => loads++);
        await page.goto(url);
        const form = page.locator('franchise-ai-demo form');
        // Generous for a loaded machine: unbundled modules in dev, several pages at once.
        await form.waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForTimeout(3_000);
        expect(loads, `${url} loaded once`).toBe(1);
        expect(await form.isVisible(), url).toBe(true);
      }),
    );
  } finally {
    await browser.close();
  }
  expect(output.slice(output.indexOf('Ready in')), 'Vite re-bundled after the ready block').not.toMatch(
    /new dependencies optimized|optimized dependencies changed|bundling dependencies/,
  );

  // Ctrl-C: the terminal sends SIGINT to dev.mjs (the servers lead their own process groups).
  dev.kill('SIGINT');
  const ended = await Promise.race([ending, new Promise<undefined>((resolve) => setTimeout(resolve, 8_000))]);
  expect(ended, 'how dev.mjs ended within 8 s of SIGINT (undefined: still running)').toEqual({ code: 0, signal: null });
  const afterReady = output.slice(output.indexOf('Ready in'));
  expect(afterReady.split('\n').filter((line) => /ERR|ELIFECYCLE|failed/.test(line))).toEqual([]);
  for (const port of ports) expect(await refused(port), `port ${port} still answers`).toBe(true);
});
