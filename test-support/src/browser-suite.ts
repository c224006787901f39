import type { Browser, BrowserContext, ConsoleMessage, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { connectChromium, launchChromium } from './browser.ts';
import type {} from './shared-chromium.ts';

// One test file's Chromium: the project's shared one when its global setup started it
// (shared-chromium.ts) with the same host mapping, else launched before its tests together with whatever else the file needs
// (servers, hosts: in parallel, so a file does not wait for each in turn), all of it stopped after
// the file, and every page in a fresh context (a fresh profile) closed after its test. Each page
// records what it reported, so a test can assert a clean console.

/** The default viewport. */
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Chromium logs every 4xx or 5xx answer to a fetch, and every answer without CORS headers (an n8n
 * without the webhook). The widget's chat probe meets them from every host that does not chat (404,
 * 503 with chat off), and the widget itself says nothing: not the page's error.
 */
export const chatProbeRefused = (message: ConsoleMessage): boolean =>
  (message.text().startsWith('Failed to load resource') && message.location().url.endsWith('/chat_message')) ||
  /^Access to fetch at '[^']*\/chat_message' from origin /.test(message.text());

export interface OpenOptions {
  /** Default DESKTOP. */
  viewport?: { width: number; height: number };
  /** Install Playwright's fake clock before the page loads, so tests can fast-forward timers. */
  clock?: boolean;
  /** `false`: a browser with JavaScript turned off. Default true. */
  javaScript?: boolean;
  /** The browser's language (`navigator.languages`, Accept-Language), e.g. `fr-FR`. Default: Chromium's own (`en-US`). */
  locale?: string;
  /** Runs before navigation, e.g. to route requests or add init scripts. */
  before?: (page: Page) => Promise<void>;
}

/** A page plus everything it reported. */
export interface PageFixture {
  page: Page;
  context: BrowserContext;
  /** The main document's response. */
  response: Response | null;
  consoleErrors: string[];
  consoleWarnings: string[];
  pageErrors: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
}

/** Something a file starts for its tests and stops after them. */
export interface Stoppable {
  stop(): Promise<void>;
}

export interface BrowserSuiteOptions {
  /** Starts what the file needs beside Chromium; each promise resolves to what must be stopped after the file. */
  alongside?: () => Array<Promise<Stoppable> | undefined>;
  /** Host names the pages reach on local servers instead (see hostResolverRules in browser.ts). */
  mapHosts?: Record<string, string>;
  /** Runs after each test, once its pages are closed (e.g. to reset a fake they talked to). */
  afterEachTest?: () => void;
  /** An environment variable that, when set, prints every page's console (e.g. FAD_DEBUG). */
  debugVariable: string;
}

export interface BrowserSuite {
  readonly browser: Browser;
  /** A fresh context and page, navigated to `url`. */
  open(url: string, options?: OpenOptions): Promise<PageFixture>;
}

/** `value`, or a clear error when the `beforeAll` that starts it failed or was not asked for it. */
export function running<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not running (beforeAll failed, or the suite did not ask for it)`);
  return value;
}

/**
 * The project's shared Chromium when it resolves every name the file maps the same way (names it maps
 * beyond those lead to the project's own local servers, which the file does not ask for), else a
 * browser of the file's own.
 */
function chromiumFor(mapHosts: Record<string, string> = {}): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  const shared: Record<string, string> = endpoint ? JSON.parse(inject('chromiumHosts')) : {};
  const covers = Object.entries(mapHosts).every(([name, target]) => shared[name] === target);
  return endpoint && covers ? connectChromium(endpoint) : launchChromium(process.env, mapHosts);
}

export function useBrowserSuite({ alongside = () => [], mapHosts, afterEachTest, debugVariable }: BrowserSuiteOptions): BrowserSuite {
  let browser: Browser | undefined;
  const started: Stoppable[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const results = await Promise.allSettled([chromiumFor(mapHosts).then((value) => (browser = value)), ...alongside()]);
    for (const result of results.slice(1)) if (result.status === 'fulfilled' && result.value) started.push(result.value as Stoppable);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  });

  afterEach(async () => {
    await Promise.allSettled(contexts.splice(0).map((context) => context.close()));
    afterEachTest?.();
  });

  afterAll(async () => {
    await Promise.allSettled([browser?.close(), ...started.splice(0).map((service) => service.stop())]);
  });

  return {
    get browser() {
      return running(browser, 'Chromium');
    },
    async open(url, { viewport = DESKTOP, clock = false, javaScript = true, locale, before } = {}) {
      const context = await running(browser, 'Chromium').newContext({ viewport, javaScriptEnabled: javaScript, ...(locale ? { locale } : {}) });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const fixture: PageFixture = { page, context, response: null, consoleErrors: [], consoleWarnings: [], pageErrors: [], requests: [] };
      page.on('console', (message) => {
        if (process.env[debugVariable]) console.log(`[page ${message.type()}] ${message.text()}`);
        if (message.type() === 'error' && !chatProbeRefused(message)) fixture.consoleErrors.push(message.text());
        if (message.type() === 'warning') fixture.consoleWarnings.push(message.text());
      });
      page.on('pageerror', (error) => fixture.pageErrors.push(`${error.name}: ${error.message}`));
      page.on('request', (request) => fixture.requests.push(request.url()));
      if (clock) await page.clock.install();
      await before?.(page);
      fixture.response = await page.goto(url);
      return fixture;
    },
  };
}
