// `node bench/submit-to-loading/run.mjs [--rounds N]` after a widget build: how long a visitor who
// has filled the form waits, from the click on the submit button to the loading screen
// (`data-step="loading"`), on the bare script-tag page under the bench's conditions (slow 3G, 4x
// CPU, cache off, offline; test-support/src/throttled-page.mjs). Preact and the form's
// components moved from the first render into the later steps' chunk (asked for once the form is
// on screen and the page idle, or at the first focus in the form): this is the figure that move must
// not make worse. Three ways of filling, in interleaved rounds:
// - typed: the visitor clicks into the name field and types every field, about 6 keys a second;
// - read, then at once: the visitor reads the form for READ_MS, then every field is filled at once
//   (a password manager or autofill) and sent;
// - at once: every field filled the moment the form is usable, then the click: the worst case, since
//   the chunk has had no time to arrive.
// demo_form is answered at once by a local stub, so the figure is the widget's own wait plus one
// throttled request. Printed, never asserted.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { isComparable, loadNote, startSample, withSpread } from '@franchise-ai/test-support/bench-figures.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, createCdn, listen, throttle } from '@franchise-ai/test-support/throttled-page.mjs';
import { WIDGET_DIST } from '../time-to-ready/embeds.mjs';
import { hostPage } from '../time-to-ready/run.mjs';

const FIELDS = [
  ['#fad-name', 'Jane Doe'],
  ['#fad-company', 'Acme Burgers'],
  ['#fad-email', 'jane@acme.example'],
];
const KEY_DELAY_MS = 160;
const READ_MS = 3000;
const WAYS = ['typed', 'read, then at once', 'at once'];

/** One fresh, throttled context: ms from the submit click to the loading screen. */
async function measureRound(browser, url, way) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(url, { waitUntil: 'commit' });
    const widget = page.locator('franchise-ai-demo');
    await widget.locator('#fad-name').waitFor({ state: 'visible', timeout: 20_000 });
    if (way === 'read, then at once') await page.waitForTimeout(READ_MS);
    for (const [selector, text] of FIELDS) {
      const field = widget.locator(selector);
      if (way === 'typed') {
        await field.click();
        await field.pressSequentially(text, { delay: KEY_DELAY_MS });
      } else await field.fill(text);
    }
    const clicked = await page.evaluate(() => {
      const host = document.querySelector('franchise-ai-demo');
      const at = performance.now();
      host.shadowRoot.querySelector('button[type="submit"]').click();
      return at;
    });
    await page.waitForFunction(() => document.querySelector('franchise-ai-demo').getAttribute('data-step') === 'loading', null, {
      timeout: 20_000,
      polling: 'raf',
    });
    const loadingAt = await page.evaluate(() => performance.now());
    return loadingAt - clicked;
  } finally {
    await context.close();
  }
}

export async function submitToLoading({ rounds = 7, log = console.log } = {}) {
  if (!existsSync(join(WIDGET_DIST, 'franchise-ai-demo.js')))
    throw new Error('no widget build: run `npx --yes pnpm@10 --filter @franchise-ai/widget build` first');
  const host = await hostPage();
  const cdn = createCdn(host.folder, WIDGET_DIST);
  const pageServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page.invalid').pathname;
    if (path.startsWith('/webhook/')) return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    if (path !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
  });
  let html = '';
  let browser;
  try {
    const [cdnOrigin, pageOrigin] = await Promise.all([listen(cdn.server), listen(pageServer)]);
    html = host.ours({ cdnOrigin, webhookBase: `${pageOrigin}/webhook/franchise-ai` });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const results = Object.fromEntries(WAYS.map((way) => [way, []]));
    for (let round = 1; round <= rounds; round++) {
      // Each way first in turn, so that none always meets the browser freshest.
      for (const way of WAYS.map((_, index) => WAYS[(index + round) % WAYS.length])) {
        const sample = startSample();
        const ms = await measureRound(browser, `${pageOrigin}/`, way);
        const machine = sample.stop();
        results[way].push({ ms, comparable: isComparable(machine) });
        log(`round ${round}/${rounds} ${way}: submit → loading ${Math.round(ms)} ms | ${loadNote(machine)}`);
      }
    }
    for (const way of WAYS) {
      const kept = results[way].filter((result) => result.comparable);
      const over = kept.length > 0 ? kept : results[way];
      const { median, min, max } = withSpread(over.map((result) => result.ms));
      log(
        `${way}: submit → loading ${Math.round(median)} ms median (${Math.round(min)}–${Math.round(max)} ms) over ${kept.length > 0 ? `the ${kept.length} comparable` : `all ${over.length} (none comparable)`} rounds`,
      );
    }
    return results;
  } finally {
    await browser?.close();
    for (const server of [cdn.server, pageServer]) {
      server.closeAllConnections();
      server.close();
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { rounds: { type: 'string', default: '7' } } });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds takes a whole number of at least 1, not ${values.rounds}`);
  await submitToLoading({ rounds });
}
