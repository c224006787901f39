import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFakeVoiceApi, type FakeVoiceApi } from '../fakes/fake-voice-api.ts';
import { launchChromium } from './browser.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';
import { startWebhookHost, type WebhookHost } from './webhook-host.ts';

// One test file's world: Chromium, its own webhook host(s), a static server and,
// for the voice tests, the fake voice API. Everything is stopped after the file,
// and every page's context after its test.

export interface SuiteOptions {
  /** Webhook hosts by name, each with its extra environment (e.g. FAIL). Default: `{ main: {} }`. */
  hosts?: Record<string, Record<string, string>>;
  /** The widget build served under /widget/. Default: the real one. */
  build?: 'dist' | 'test-dist';
  voiceApi?: boolean;
}

export interface OpenOptions {
  /** Default 1280 x 900. */
  viewport?: { width: number; height: number };
  /** Install Playwright's fake clock before the page loads, so tests can fast-forward the loading step. */
  clock?: boolean;
}

/** A page plus everything it reported. */
export interface PageFixture {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  consoleWarnings: string[];
  pageErrors: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
}

export interface Suite {
  readonly browser: Browser;
  readonly server: StaticServer;
  readonly voiceApi: FakeVoiceApi;
  host(name?: string): WebhookHost;
  /** A fresh context (fresh profile) and page, navigated to `url`. */
  open(url: string, options?: OpenOptions): Promise<PageFixture>;
}

export function useSuite(options: SuiteOptions = {}): Suite {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  let voiceApi: FakeVoiceApi | undefined;
  const hosts = new Map<string, WebhookHost>();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const hostEnvs = Object.entries(options.hosts ?? { main: {} });
    const started = await Promise.allSettled([
      launchChromium().then((value) => (browser = value)),
      startStaticServer(options.build ?? 'dist').then((value) => (server = value)),
      options.voiceApi ? startFakeVoiceApi().then((value) => (voiceApi = value)) : undefined,
      ...hostEnvs.map(([name, env]) => startWebhookHost(env).then((host) => hosts.set(name, host))),
    ]);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  });

  afterEach(async () => {
    await Promise.allSettled(contexts.splice(0).map((context) => context.close()));
    voiceApi?.reset();
  });

  afterAll(async () => {
    await Promise.allSettled([browser?.close(), server?.stop(), voiceApi?.stop(), ...[...hosts.values()].map((host) => host.stop())]);
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running (beforeAll failed, or the suite did not ask for it)`);
    return value;
  };

  return {
    get browser() {
      return required(browser, 'Chromium');
    },
    get server() {
      return required(server, 'the static server');
    },
    get voiceApi() {
      return required(voiceApi, 'the fake voice API');
    },
    host: (name = 'main') => required(hosts.get(name), `webhook host "${name}"`),
    async open(url, { viewport = { width: 1280, height: 900 }, clock = false } = {}) {
      const context = await required(browser, 'Chromium').newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const fixture: PageFixture = { page, context, consoleErrors: [], consoleWarnings: [], pageErrors: [], requests: [] };
      page.on('console', (message) => {
        if (process.env['FAD_DEBUG']) console.log(`[page ${message.type()}] ${message.text()}`);
        if (message.type() === 'error') fixture.consoleErrors.push(message.text());
        if (message.type() === 'warning') fixture.consoleWarnings.push(message.text());
      });
      page.on('pageerror', (error) => fixture.pageErrors.push(`${error.name}: ${error.message}`));
      page.on('request', (request) => fixture.requests.push(request.url()));
      if (clock) await page.clock.install();
      await page.goto(url);
      return fixture;
    },
  };
}
