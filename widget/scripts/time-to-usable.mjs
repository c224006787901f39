// `pnpm bench:ready` (root; it builds the widget first), or `node widget/scripts/time-to-usable.mjs
// [--rounds N] [--against <dist>]` after a build: how long a visitor on a slow connection waits for a usable form
// (issue 12: "does not get worse"; baseline 1.94 s). Printed, never asserted: a timing on a shared
// 2-core machine is a figure to watch, not a test. Exits 1 only when it could not measure.
//
// The page is examples/script-tag/index.html, the embed the docs show, served from one 127.0.0.1
// origin; widget/dist comes from a second one that sends no CORS headers, as a plain CDN or bucket
// would. The conditions (slow 3G, 4x CPU, cache off, offline Chromium) are test-support's throttled-page.mjs.
//
// "Usable" is judged inside the page, at the moment it becomes true (not when this driver next
// polls): the name field of the form, found by its role and accessible name in the open shadow
// root, exists, is visible, is enabled and takes focus. Afterwards Playwright's own role query must
// find the very same element, so the page's check and the accessibility tree agree on what it timed.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { runnerImport } from 'vite';
import { CHROMIUM, CHROMIUM_FLAGS, CPU_SLOWDOWN, SLOW_3G, createCdn, listen, throttle } from '@franchise-ai/test-support/throttled-page.mjs';

const WIDGET = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WIDGET, 'dist');
const EXAMPLE_PAGE = fileURLToPath(new URL('../../examples/script-tag/index.html', import.meta.url));
const TAG = 'franchise-ai-demo';
const LOADER = `${TAG}.js`;
const MAIN_CHUNK = new RegExp(`/chunks/${TAG}-[\\w-]+\\.js$`);
const BASELINE_SECONDS = 1.94; // issue 12: the figure "does not get worse" is held against
const ROUND_TIMEOUT_MS = 60_000;

function readRounds() {
  try {
    // A `--` that a package manager passed along is not an option.
    const { values } = parseArgs({
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
      options: { rounds: { type: 'string', default: '7' }, against: { type: 'string' } },
    });
    return values;
  } catch (error) {
    fail(`${error.message} (usage: time-to-usable.mjs [--rounds N] [--against <another widget dist folder>])`);
  }
}
const { rounds: roundsOption, against: AGAINST } = readRounds();
// `--against <dist>`: another build (e.g. an older commit's widget/dist) measured in the same run,
// its rounds interleaved with ours, so that both see the same machine load.
if (AGAINST !== undefined && !existsSync(join(AGAINST, LOADER))) fail(`--against ${AGAINST}: no ${LOADER} there`);
const ROUNDS = Number(roundsOption);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) fail(`--rounds takes a whole number of at least 1, not ${roundsOption}`);

function fail(message) {
  console.error(`time-to-usable: ${message}`);
  process.exit(1);
}

// Through Vite's module runner, since Node 20 cannot import TypeScript: the field's label from the
// widget's own texts, and the browser suites' check that dist/ is there and newer than its sources.
const imported = (id) => runnerImport(id, { configFile: false, logLevel: 'error', root: WIDGET }).then(({ module }) => module);
const [{ copy }, { buildProblems }, { BUILD_SOURCES }] = await Promise.all([
  imported(join(WIDGET, 'src/copy.ts')),
  imported('@franchise-ai/test-support/build-output'),
  imported(join(WIDGET, 'test/support/build-widget.ts')),
]);
const stale = buildProblems({ outputs: [join(DIST, LOADER)], sources: BUILD_SOURCES });
if (stale.length > 0) fail(`${stale.join('; ')}: this measures what the build made. Run \`npx --yes pnpm@10 --filter @franchise-ai/widget build\` first.`);
const FIELD_LABEL = copy.nameLabel;

// The partner's page: the example as committed, its one loader tag pointed at the CDN's origin (the
// path kept: the CDN serves dist/ under the folder the example names) and its placeholders filled.
// Nothing listens at the webhook base: only the form has to become usable, and it asks nothing of it.
async function examplePage() {
  const html = await readFile(EXAMPLE_PAGE, 'utf8');
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].filter(([, src]) => basename(src) === LOADER);
  if (tags.length !== 1) fail(`examples/script-tag/index.html has ${tags.length} script tags loading ${LOADER}, not one: update this script`);
  const [tag, src] = tags[0];
  const loaderPath = new URL(src, 'http://page.invalid').pathname;
  return {
    /** The folder the loader is fetched from, e.g. `/widget/`. */
    folder: `${dirname(loaderPath)}/`.replace(/\/+$/, '/'),
    fill: ({ cdnOrigin, webhookBase }) =>
      html
        .replace(tag, tag.replace(`src="${src}"`, `src="${cdnOrigin}${loaderPath}"`))
        .replaceAll('{{WEBHOOK_BASE}}', webhookBase)
        .replaceAll('{{PUBLIC_KEY}}', ''),
  };
}

/**
 * Runs in the page before any of its scripts. Checks whenever a shadow root changes (each new shadow
 * root is observed from the moment it is attached) and on every animation frame, and stops at the
 * first moment the field is usable, handing performance.now() (from navigation start) to
 * `window.__reportUsable`, which the driver exposes. Until the field exists, a check is a querySelectorAll and costs next to nothing.
 */
function detectUsableField({ tag, label }) {
  const collapse = (text) => text.replace(/\s+/g, ' ').trim();
  const TEXTBOX_TYPES = new Set(['text', 'email', 'tel', 'url', 'search']);
  // The accessible name, for what a form field of the widget can use: aria-labelledby, aria-label, <label>.
  const nameOf = (input, root) => {
    const ids = input.getAttribute('aria-labelledby');
    if (ids)
      return collapse(
        ids
          .split(/\s+/)
          .map((id) => root.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    return collapse(input.getAttribute('aria-label') ?? [...input.labels].map((labelElement) => labelElement.textContent).join(' '));
  };
  const find = () => {
    for (const host of document.querySelectorAll(tag)) {
      const root = host.shadowRoot;
      if (!root) continue;
      for (const input of root.querySelectorAll('form input')) if (TEXTBOX_TYPES.has(input.type) && nameOf(input, root) === label) return { input, root };
    }
    return undefined;
  };
  // Taking focus is tried, not inferred: focus() is refused to anything hidden, inert or disabled.
  // No field of the widget reacts to focus or blur, so trying leaves it as it was.
  const takesFocus = ({ input, root }) => {
    input.focus({ preventScroll: true });
    const focused = root.activeElement === input;
    if (focused) input.blur();
    return focused;
  };
  const usable = (found) => {
    const { input } = found;
    const box = input.getBoundingClientRect();
    return (
      input.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      box.width > 0 &&
      box.height > 0 &&
      !input.matches(':disabled') &&
      !input.readOnly &&
      takesFocus(found)
    );
  };

  const state = { done: false };
  const observer = new MutationObserver(() => check());
  const check = () => {
    if (state.done) return;
    const found = find();
    if (!found || !usable(found)) return;
    state.done = true;
    const at = performance.now();
    observer.disconnect();
    window.__usableField = found.input;
    window.__reportUsable(at);
  };
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    observer.observe(root, { childList: true, subtree: true, attributes: true });
    return root;
  };
  const frame = () => {
    check();
    if (!state.done) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** One fresh, throttled context: the moments (ms from navigation start) and the scripts fetched before the field was usable. */
async function measureRound(browser, pageUrl, cdn) {
  cdn.sent.length = 0;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    let reported;
    const usableReported = new Promise((resolve) => (reported = resolve));
    await page.exposeFunction('__reportUsable', (at) => reported(at));
    await page.addInitScript(detectUsableField, { tag: TAG, label: FIELD_LABEL });
    await throttle(context, page);

    let timer;
    const timeout = new Promise(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`the form was not usable after ${ROUND_TIMEOUT_MS / 1000} s`)), ROUND_TIMEOUT_MS)),
    );
    const usableAt = await Promise.race([page.goto(pageUrl, { waitUntil: 'commit' }).then(() => usableReported), timeout]).finally(() => clearTimeout(timer));
    const sameField = await page
      .locator(TAG)
      .getByRole('textbox', { name: FIELD_LABEL, exact: true })
      .evaluate((element) => element === window.__usableField);
    if (!sameField) throw new Error(`the field timed in the page is not the textbox "${FIELD_LABEL}" Playwright finds by role`);

    const entries = await page.evaluate(() => ({
      page: performance.getEntriesByType('navigation')[0].responseEnd,
      resources: performance
        .getEntriesByType('resource')
        .map(({ name, initiatorType, startTime, responseEnd }) => ({ name, initiatorType, startTime, responseEnd })),
    }));
    const scripts = entries.resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    const loader = scripts.find((entry) => basename(new URL(entry.name).pathname) === LOADER);
    const chunk = scripts.find((entry) => MAIN_CHUNK.test(new URL(entry.name).pathname));
    if (!loader || !chunk)
      throw new Error(
        `no Resource Timing for the ${loader ? 'main chunk' : 'loader'} (scripts seen: ${scripts.map((entry) => entry.name).join(', ') || 'none'})`,
      );
    const beforeUsable = scripts
      .filter((entry) => entry.responseEnd <= usableAt)
      .map((entry) => {
        const path = new URL(entry.name).pathname;
        const sent = cdn.sent.find((request) => request.path === path);
        return { path, encoding: sent?.encoding ?? 'not from the CDN', bytes: sent?.bytes };
      });
    return { usableAt, pageEnd: entries.page, loader, chunk, beforeUsable, errors };
  } finally {
    await context.close();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => (bytes === undefined ? '? KB' : `${(bytes / 1024).toFixed(2)} KB`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');

const startedAt = performance.now();
const example = await examplePage();
const cdn = createCdn(example.folder, DIST);
const cdnOrigin = await listen(cdn.server);
const other = AGAINST === undefined ? null : createCdn(example.folder, AGAINST);
const otherOrigin = other ? await listen(other.server) : null;
const pages = new Map();
const pageServer = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://page.invalid').pathname;
  // The favicon the browser asks for on its own: answered, so that no 404 shows among the page's errors.
  if (path === '/favicon.ico') return void res.writeHead(204).end();
  if (!pages.has(path)) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(pages.get(path));
});
const pageOrigin = await listen(pageServer);
const webhookBase = `${pageOrigin}/webhook/franchise-ai`;
pages.set('/', example.fill({ cdnOrigin, webhookBase }));
if (other) pages.set('/against', example.fill({ cdnOrigin: otherOrigin, webhookBase }));
/** What is measured: this build, and with --against the other one, each with its page and its CDN. */
const subjects = [{ name: 'this build', url: `${pageOrigin}/`, cdn, rounds: [] }];
if (other) subjects.push({ name: `against ${AGAINST}`, url: `${pageOrigin}/against`, cdn: other, rounds: [] });

let browser;
let failure;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  console.log(
    `Chromium ${browser.version()}; page ${pageOrigin}/, widget from ${cdnOrigin}${example.folder} (no CORS headers, gzip)${other ? `; --against from ${otherOrigin}${example.folder}` : ''}`,
  );
  console.log(
    `slow 3G (${SLOW_3G.latency} ms a request, ${SLOW_3G.downloadThroughput.toLocaleString('en')} bytes/s), ${CPU_SLOWDOWN}x CPU, cache off; ${ROUNDS} rounds; load average ${load()}`,
  );
  console.log('times from navigation start; "arrived" is Resource Timing responseEnd');
  for (let round = 1; round <= ROUNDS; round++) {
    // Interleaved, and in turn first, so that neither build always meets the machine warmer.
    const order = round % 2 ? subjects : [...subjects].reverse();
    for (const subject of order) {
      const result = await measureRound(browser, subject.url, subject.cdn);
      subject.rounds.push(result);
      const { usableAt, pageEnd, loader, chunk, beforeUsable, errors } = result;
      console.log(
        `round ${round}/${ROUNDS}${other ? ` (${subject.name})` : ''}: usable ${seconds(usableAt)} | page arrived ${seconds(pageEnd)}, loader ${seconds(loader.startTime)} -> ${seconds(loader.responseEnd)}, ` +
          `main chunk ${seconds(chunk.startTime)} -> ${seconds(chunk.responseEnd)} (requested ${seconds(chunk.startTime - loader.startTime)} after the loader) | load average ${load()}`,
      );
      console.log(`  scripts before usable: ${beforeUsable.map(({ path, encoding, bytes }) => `${path} ${kb(bytes)} ${encoding}`).join(', ')}`);
      if (errors.length > 0) console.log(`  page errors and console errors: ${errors.join(' | ')}`);
    }
  }
} catch (error) {
  failure = `could not measure round ${subjects[0].rounds.length + 1}: ${error.stack ?? error}`;
} finally {
  await browser?.close();
  for (const server of [pageServer, cdn.server, other?.server].filter(Boolean)) {
    server.closeAllConnections();
    server.close();
  }
}
if (failure) fail(failure);

const medianOf = (rounds, pick) => seconds(median(rounds.map(pick)));
for (const { name, rounds } of subjects) {
  console.log(
    `medians${other ? ` (${name})` : ''}: loader arrived ${medianOf(rounds, (r) => r.loader.responseEnd)}, main chunk arrived ${medianOf(rounds, (r) => r.chunk.responseEnd)}; ` +
      `the loader-then-chunk round trip (the chunk requested this much later than a page naming it directly would) ${medianOf(rounds, (r) => r.chunk.startTime - r.loader.startTime)}`,
  );
}
console.log(`run took ${seconds(performance.now() - startedAt)}`);
if (other) console.log(`--against ${AGAINST}: median ${medianOf(subjects[1].rounds, (r) => r.usableAt)} over the same ${ROUNDS} interleaved rounds`);
console.log(
  `time to usable form (slow 3G, ${CPU_SLOWDOWN}x CPU): median ${medianOf(subjects[0].rounds, (r) => r.usableAt)} over ${ROUNDS} rounds (issue 12 baseline ${BASELINE_SECONDS.toFixed(2)} s)`,
);
