// `node bench/time-to-ready/run.mjs [--rounds N] [--timeout S] [--only elevenlabs,vapi]` after a widget build
// (`pnpm bench:ready` builds it, then times ours alone: `--only ours`): the same host page with each embed (ours and
// the ones in embeds.mjs), under the conditions of @franchise-ai/test-support/throttled-page.mjs (slow 3G, 4x
// CPU, cache off, Chromium offline but for 127.0.0.1), rounds interleaved so that every embed meets
// the same machine load. Prints one table; `timeToReady({ rounds })` returns its rows for `pnpm bench`.
// Printed, never asserted: a timing on a shared 2-core machine is a figure to watch, not a test.
// Every measurement's line ends with the load average when it ended and what other processes used
// meanwhile; a round with a measurement that @franchise-ai/test-support/bench-figures.mjs's rule
// finds not comparable is not, and the medians are taken over the comparable rounds (over all of
// them when none is, saying so).
//
// The host page is examples/script-tag/index.html, the embed our docs show: for ours as committed,
// for the others with our loader tag replaced by their head snippet and our element by their body
// snippet. Every embed's files come from their own 127.0.0.1 "CDN" origin (gzip, no CORS).
// Vendors' servers are unreachable offline: an embed that needs one to render stops there, and the
// table says where (a round ends at the timeout, 15 s by default).
//
// The site's own /demo (embeds.mjs `site`) is the built site (site/dist) as bench/src/site-server.mjs
// serves it, in the same rounds: its ratio to the bare page is printed round by round and in the table.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { comparableRounds, formatLoad, isComparable, loadAverage, loadNote, startSample } from '@franchise-ai/test-support/bench-figures.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, CPU_SLOWDOWN, SLOW_3G, createCdn, listen, throttle } from '@franchise-ai/test-support/throttled-page.mjs';
import { serveSite } from '../src/site-server.mjs';
import { detectMoments } from './detect-moments.mjs';
import { EMBEDS, WIDGET_DIST } from './embeds.mjs';
import { formatTable, readyLine, rowsOver, seconds, times } from './summary.mjs';

const EXAMPLE_PAGE = fileURLToPath(new URL('../../examples/script-tag/index.html', import.meta.url));
const TAG = 'franchise-ai-demo';
const LOADER = `${TAG}.js`;
export const DEFAULT_TIMEOUT_MS = 15_000;

/** The moments an embed has: defined (a custom element), frame (an iframe embed), control, and usable for the one whose ready it is. */
const momentsOf = (embed) => [...(embed.tag ? ['defined'] : []), ...(embed.frame ? ['frame'] : []), 'control', ...(embed.ready === 'usable' ? ['usable'] : [])];

/** The example page, split where an embed goes: our loader tag (in the head) and our element (in the body). */
export async function hostPage() {
  const html = await readFile(EXAMPLE_PAGE, 'utf8');
  const loaders = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g)].filter(([, src]) => basename(src) === LOADER);
  const elements = html.match(new RegExp(`<${TAG}\\b[^>]*></${TAG}>`, 'g')) ?? [];
  if (loaders.length !== 1 || elements.length !== 1)
    throw new Error(
      `examples/script-tag/index.html has ${loaders.length} loader tags and ${elements.length} <${TAG}> elements, not one each: update this script`,
    );
  const [[tag, src]] = loaders;
  const loaderPath = new URL(src, 'http://page.invalid').pathname;
  return {
    /** The folder the loader is fetched from, e.g. `/widget/`. */
    folder: `${dirname(loaderPath)}/`.replace(/\/+$/, '/'),
    ours: ({ cdnOrigin, webhookBase }) =>
      html
        .replace(tag, tag.replace(`src="${src}"`, `src="${cdnOrigin}${loaderPath}"`))
        .replaceAll('{{WEBHOOK_BASE}}', webhookBase)
        .replaceAll('{{PUBLIC_KEY}}', ''),
    theirs: ({ head, body }) => html.replace(tag, head).replace(elements[0], body),
  };
}

/** One fresh, throttled context: each moment (ms from navigation start, null if not reached), script time and long tasks up to ready, the hosts it could not reach, and the machine's figures (startSample's). */
async function measureRound(browser, subject, timeoutMs) {
  const sample = startSample();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const failedHosts = [];
    page.on('requestfailed', (request) => {
      const { hostname } = new URL(request.url());
      if (hostname !== '127.0.0.1') failedHosts.push(hostname);
    });
    const wanted = momentsOf(subject.embed);
    const moments = Object.fromEntries(wanted.map((name) => [name, null]));
    let settle;
    const allReached = new Promise((resolve) => (settle = resolve));
    let readyScript;
    const cdp = await throttle(context, page);
    await cdp.send('Performance.enable');
    const scriptSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ScriptDuration').value;
    await page.exposeFunction('__reportMoment', (name, at, detectorMs) => {
      moments[name] = at;
      // Script time is read the moment ready is reported: Chromium's running total (its lag is one
      // protocol round trip), less what the detector itself spent until then.
      if (name === subject.embed.ready) readyScript = scriptSeconds().then((total) => ({ total, detectorMs }));
      if (wanted.every((key) => moments[key] !== null)) settle();
    });
    await page.addInitScript(detectMoments, { tag: subject.embed.tag, moments: wanted, controls: subject.embed.controls, inside: subject.embed.inside });
    let timer;
    const timeout = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([page.goto(subject.url, { waitUntil: 'commit' }).then(() => allReached), timeout]);
    clearTimeout(timer);
    const readyAt = moments[subject.embed.ready];
    const script = await (readyScript ??
      Promise.all([scriptSeconds(), page.evaluate(() => window.__detector.ms)]).then(([total, detectorMs]) => ({ total, detectorMs })));
    const scriptMs = Math.max(0, 1000 * script.total - script.detectorMs);
    const cutoff = readyAt ?? timeoutMs;
    const longTasks = (await page.evaluate(() => window.__longTasks)).filter((task) => task.startTime < cutoff);
    return {
      ...moments,
      scriptMs,
      detectorMs: script.detectorMs,
      longTasks: { count: longTasks.length, ms: longTasks.reduce((sum, task) => sum + task.duration, 0) },
      failedHosts,
      ...sample.stop(),
    };
  } finally {
    await context.close();
  }
}

/** An anchor's head and body snippets, its script and package served from `base`. */
const snippets = (embed, base) => {
  const urls = { src: `${base}${embed.file}`, base };
  return { head: embed.head(urls), body: embed.body(urls) };
};

/** "round 2/7: this widget on the site's /demo ÷ this widget 1.52× (3.40 s ÷ 2.24 s)", for each subject with a ratio target. */
function ratioLines(subjects, round, rounds) {
  const [ours] = subjects;
  const key = ours.embed.ready;
  return subjects
    .filter((subject) => subject.embed.ratioTarget)
    .map(({ embed, rounds: measured }) => {
      const [theirs, mine] = [measured[round][key], ours.rounds[round][key]];
      const figure = theirs === null || mine === null ? 'n/a (not reached)' : `${times(theirs / mine)} (${seconds(theirs)} ÷ ${seconds(mine)})`;
      const mark = subjects.every((subject) => isComparable(subject.rounds[round])) ? '' : ' — round not comparable';
      return `round ${round + 1}/${rounds}: ${embed.name} ÷ ${ours.embed.name} ${figure}, target ≤ ${embed.ratioTarget}×${mark}`;
    });
}

/**
 * Measures every embed over `rounds` interleaved rounds. Resolves to `{ rows, which, allRows }`: the
 * table's rows (ours first) over the comparable rounds (or all, `which` says), and when some rounds
 * were left out, `allRows` over every round.
 */
export async function timeToReady({ rounds = 7, timeoutMs = DEFAULT_TIMEOUT_MS, only, log = console.log } = {}) {
  if (!existsSync(join(WIDGET_DIST, LOADER)))
    throw new Error(`no ${join(WIDGET_DIST, LOADER)}: run \`npx --yes pnpm@10 --filter @franchise-ai/widget build\` first`);
  const host = await hostPage();
  const pages = new Map();
  const servers = [];
  const pageServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page.invalid').pathname;
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    // The webhook stub ours points at: the form asks nothing of it before it is usable, but a request would not fail.
    if (path.startsWith('/webhook/')) return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    if (!pages.has(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(pages.get(path));
  });
  servers.push(pageServer);
  let browser;
  try {
    const pageOrigin = await listen(pageServer);
    const subjects = [];
    // Ours always: the ratios are to it.
    const measured = EMBEDS.filter((candidate) => candidate.example || !only || only.includes(candidate.id));
    const site = measured.some((embed) => embed.site) ? await serveSite() : undefined;
    if (site) servers.push(site.server);
    for (const embed of measured) {
      if (embed.site) {
        subjects.push({ embed, url: `${site.origin}${embed.site}`, rounds: [] });
        continue;
      }
      const prefix = embed.example ? host.folder : `/${embed.id}/`;
      const cdn = createCdn(prefix, embed.root);
      servers.push(cdn.server);
      const cdnOrigin = await listen(cdn.server);
      const path = embed.example ? '/' : `/${embed.id}`;
      pages.set(
        path,
        embed.example ? host.ours({ cdnOrigin, webhookBase: `${pageOrigin}/webhook/franchise-ai` }) : host.theirs(snippets(embed, `${cdnOrigin}${prefix}`)),
      );
      subjects.push({ embed, url: `${pageOrigin}${path}`, rounds: [] });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    log(
      `Chromium ${browser.version()}; host page ${pageOrigin}/, each embed's files from its own 127.0.0.1 origin (gzip, no CORS)${site ? `; the built site at ${site.origin}/ (its widget from its own origin, gzip)` : ''}`,
    );
    log(
      `slow 3G (${SLOW_3G.latency} ms a request, ${SLOW_3G.downloadThroughput.toLocaleString('en')} bytes/s), ${CPU_SLOWDOWN}x CPU, cache off, offline; ${rounds} interleaved rounds, ${timeoutMs / 1000} s per embed; load average ${formatLoad(loadAverage())}`,
    );
    for (let round = 1; round <= rounds; round++) {
      // Each round starts with a different embed, so that none always meets the machine warmer.
      const shift = (round - 1) % subjects.length;
      for (const subject of [...subjects.slice(shift), ...subjects.slice(0, shift)]) {
        const result = await measureRound(browser, subject, timeoutMs);
        subject.rounds.push(result);
        const moments = momentsOf(subject.embed).map((name) => `${name} ${result[name] === null ? 'not reached' : `${(result[name] / 1000).toFixed(2)} s`}`);
        log(
          `round ${round}/${rounds} ${subject.embed.id}: ${moments.join(', ')}; script ${Math.round(result.scriptMs)} ms (the detector's ${Math.round(result.detectorMs)} ms taken off), long tasks ${result.longTasks.count} | ${loadNote(result)}`,
        );
      }
      for (const line of ratioLines(subjects, round - 1, rounds)) log(line);
    }
    // A round compares with another only if every measurement in it does: the interleaving then holds within the rounds kept.
    const comparable = Array.from({ length: rounds }, (_, index) => subjects.every((subject) => isComparable(subject.rounds[index])));
    const { indices, mixed, which } = comparableRounds(comparable);
    const every = comparable.map((_, index) => index);
    return { rows: rowsOver(subjects, indices), which, ...(mixed ? { allRows: rowsOver(subjects, every) } : {}) };
  } finally {
    await browser?.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  }
}

function readOptions() {
  // A `--` that a package manager passed along is not an option.
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { rounds: { type: 'string', default: '7' }, only: { type: 'string' }, timeout: { type: 'string', default: String(DEFAULT_TIMEOUT_MS / 1000) } },
  });
  const rounds = Number(values.rounds);
  const timeoutMs = Number(values.timeout) * 1000;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds takes a whole number of at least 1, not ${values.rounds}`);
  if (!(timeoutMs > 0)) throw new Error(`--timeout takes seconds, not ${values.timeout}`);
  const only = values.only?.split(',');
  const unknown = only?.filter((id) => !EMBEDS.some((embed) => embed.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`--only takes ids from ${EMBEDS.map((embed) => embed.id).join(', ')}, not ${unknown.join(', ')}`);
  return { rounds, timeoutMs, only };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const options = readOptions();
    const startedAt = performance.now();
    const { rows, which, allRows } = await timeToReady(options);
    console.log(
      `\nTime to ready, medians (min–max) of ${which} (slow 3G, ${CPU_SLOWDOWN}x CPU, offline; times from navigation start; load average ${formatLoad(loadAverage())} at the end; run took ${((performance.now() - startedAt) / 1000).toFixed(0)} s)\n`,
    );
    console.log(formatTable(rows, { timeoutMs: options.timeoutMs }));
    if (allRows) console.log(`\nWith the not-comparable rounds too (all ${options.rounds}): ${readyLine(allRows, { timeoutMs: options.timeoutMs })}`);
  } catch (error) {
    console.error(`time-to-ready: ${error.stack ?? error}`);
    process.exit(1);
  }
}
