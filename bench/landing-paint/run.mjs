// `node bench/landing-paint/run.mjs [--rounds N]` after the widget's and the site's builds (`pnpm bench`
// runs it): the site's landing page `/`, built and served as site-server.mjs serves it, under the
// time-to-ready bench's conditions (@franchise-ai/test-support/throttled-page.mjs: slow 3G, 4x CPU,
// cache off, Chromium offline but for 127.0.0.1), a fresh context per round. How long after its HTML
// and its render-blocking CSS have arrived (their responseEnd) it shows its first contentful paint:
// the target is at most 300 ms (summary.mjs's TARGET_GAP_MS). Read in the page from Resource Timing and the paint timeline (the
// same moments the DevTools protocol's network events give, to a few ms, throttling included).
// Printed, never asserted: a timing on a shared 2-core machine is a figure to watch, not a test.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { formatLoad, loadAverage, startSample } from '@franchise-ai/test-support/bench-figures.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, CPU_SLOWDOWN, SLOW_3G, throttle } from '@franchise-ai/test-support/throttled-page.mjs';
import { serveSite } from '../src/site-server.mjs';
import { roundLine, summaryLines, TIMEOUT_MS } from './summary.mjs';

const PATH = '/';

/** In the page before its scripts (addInitScript): long tasks, which are not buffered for a late observer. */
function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map(({ startTime, duration }) => ({ startTime, duration })))).observe({
    type: 'longtask',
  });
}

/** In the page once it has painted (or given up): the moments summary.mjs reads, in ms from navigation start. */
function readTimings() {
  const [navigation] = performance.getEntriesByType('navigation');
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
  const before = window.__longTasks.filter((task) => fcp === null || task.startTime < fcp);
  return {
    html: navigation.responseEnd,
    domContentLoaded: navigation.domContentLoadedEventEnd,
    // Chromium says which resources held rendering up: the head's stylesheets (and any parser-blocking script).
    blocking: performance
      .getEntriesByType('resource')
      .filter((resource) => resource.renderBlockingStatus === 'blocking')
      .map((resource) => ({ url: resource.name, end: resource.responseEnd })),
    fcp,
    longTasks: { count: before.length, ms: before.reduce((sum, task) => sum + task.duration, 0) },
  };
}

async function measureRound(browser, url) {
  const sample = startSample();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await throttle(context, page);
    // The paint is awaited from outside the page (the DevTools protocol's lifecycle event): nothing
    // of the driver's runs in it before then, as a waitForFunction would (Playwright's injected
    // script, evaluated on the throttled main thread beside the work being timed).
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    let timer;
    const painted = new Promise((resolve) => {
      cdp.on('Page.lifecycleEvent', ({ name }) => name === 'firstContentfulPaint' && resolve());
      timer = setTimeout(resolve, TIMEOUT_MS);
    });
    await page.addInitScript(recordLongTasks);
    // A small page can load before it paints, or paint before it loads: both, before reading.
    await Promise.all([page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS }), painted]);
    clearTimeout(timer);
    return { ...(await page.evaluate(readTimings)), ...sample.stop() };
  } finally {
    await context.close();
  }
}

/** Measures `/` over `rounds` fresh contexts, logging each round; resolves to the rounds. */
export async function landingPaint({ rounds = 7, log = console.log } = {}) {
  const { origin, server } = await serveSite();
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    log(
      `landing paint: ${origin}${PATH} (site/dist) in Chromium ${browser.version()}, slow 3G (${SLOW_3G.latency} ms a request, ${SLOW_3G.downloadThroughput.toLocaleString('en')} bytes/s), ${CPU_SLOWDOWN}x CPU, cache off, offline; ${rounds} round${rounds === 1 ? '' : 's'}; load average ${formatLoad(loadAverage())}`,
    );
    const measured = [];
    for (let round = 0; round < rounds; round++) {
      measured.push(await measureRound(browser, `${origin}${PATH}`));
      log(roundLine(measured[round], round, rounds));
    }
    return measured;
  } finally {
    await browser?.close();
    server.closeAllConnections();
    server.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { rounds: { type: 'string', default: '7' } } });
    const rounds = Number(values.rounds);
    if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds takes a whole number of at least 1, not ${values.rounds}`);
    const measured = await landingPaint({ rounds });
    console.log(`\n${summaryLines(measured).join('\n')}`);
  } catch (error) {
    console.error(`landing-paint: ${error.stack ?? error}`);
    process.exit(1);
  }
}
