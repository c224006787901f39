import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { TestProject } from 'vitest/node';
import { chromiumPath, connectChromium, launchChromium } from '../src/browser.ts';
import { shareChromium } from '../src/shared-chromium.ts';
import { listen } from '../src/listen.ts';

// CHROMIUM_PATH picks the browser, as in scripts/ensure-chromium.mjs and the README.
const scratch = mkdtempSync(join(tmpdir(), 'fad-chromium-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("without CHROMIUM_PATH the tests use Debian's chromium-headless-shell; with it, that path", () => {
  expect(chromiumPath({})).toBe('/usr/bin/chromium-headless-shell');
  expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome');
});

test('launchChromium starts the browser CHROMIUM_PATH names, and fails on one that is not there', async () => {
  const missing = join(scratch, 'no-such-chromium');
  await expect(launchChromium({ CHROMIUM_PATH: missing })).rejects.toThrow(missing);

  // The same browser under another name: it starts only if the variable is honoured.
  const elsewhere = join(scratch, 'chromium-elsewhere');
  symlinkSync(chromiumPath({}), elsewhere);
  const browser = await launchChromium({ CHROMIUM_PATH: elsewhere });
  try {
    expect(browser.version()).toMatch(/^\d+\./);
  } finally {
    await browser.close();
  }
});

test('a name mapped to a local server reaches it', async () => {
  const server = await listen(createServer((_, res) => res.end('mapped')));
  const browser = await launchChromium(process.env, { 'webhook-host.test': `127.0.0.1:${server.port}` });
  try {
    const page = await browser.newPage();
    await page.goto('http://webhook-host.test/');
    expect(await page.textContent('body')).toBe('mapped');
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("the project's shared Chromium: files connect to it, a name it maps reaches the local server, and closing a file's connection leaves it running", async () => {
  const server = await listen(createServer((_, res) => res.end('shared')));
  const provided: Record<string, string> = {};
  const project = { provide: (key: string, value: string) => (provided[key] = value) } as unknown as TestProject;
  const teardown = await shareChromium(project, { 'webhook-host.test': `127.0.0.1:${server.port}` });
  try {
    expect(JSON.parse(provided['chromiumHosts']!)).toEqual({ 'webhook-host.test': `127.0.0.1:${server.port}` });
    const first = await connectChromium(provided['chromiumEndpoint']!);
    await first.close();
    const second = await connectChromium(provided['chromiumEndpoint']!);
    const page = await (await second.newContext()).newPage();
    await page.goto('http://webhook-host.test/');
    expect(await page.textContent('body')).toBe('shared');
    await second.close();
  } finally {
    await teardown();
    await server.stop();
  }
});
