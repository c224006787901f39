import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { type OpenOptions, type PageFixture, running, useBrowserSuite } from '@franchise-ai/test-support/browser-suite';
import { type FakeVoiceApi, startFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { type SpawnedHost, startHost } from '@franchise-ai/test-support/webhook-host';
import { type PartnerPageOptions, partnerPage, PUBLIC_KEY } from './pages.ts';

// One file's world: Chromium, its webhook host(s), a static server and, for voice, the fake voice API; pages closed after each test.

const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
/** The shared page assets (hostile CSS, event recorders), under /assets/. */
const ASSETS = fileURLToPath(new URL('../browser/pages/', import.meta.url));
/** The operator's ready-made assistant (VAPI_ASSISTANT_ID), on the fake voice API's account from the start. */
export const ASSISTANT_ID = 'asst_test_1';
export interface SuiteOptions {
  /** Webhook hosts by name, each with its extra environment (e.g. FAIL). Default: `{ main: {} }`. */
  hosts?: Record<string, Record<string, string>>;
  /** The widget build served under /widget/: the real one, or the one with the fake Daily (see global-setup.ts). */
  build?: 'dist' | 'test-dist';
  voiceApi?: boolean;
}
export interface WidgetPageOptions extends Omit<PartnerPageOptions, 'attributes'>, Omit<OpenOptions, 'before'> {
  /** Over the usual ones (webhook-base, the test key, the fake voice API when the suite has one); `undefined` leaves one out. */
  attributes?: PartnerPageOptions['attributes'];
  /** Default: the suite's `main` host. */
  webhookBase?: string | undefined;
  /** The page's response headers (a Content-Security-Policy). */
  headers?: Record<string, string>;
  /** Default: a path of its own. */
  path?: string;
  /** OpenOptions' `before`: runs before navigation (routes, init scripts). */
  beforeLoad?: (page: Page) => Promise<unknown>;
}
export interface Suite {
  readonly server: StaticServer;
  readonly voiceApi: FakeVoiceApi;
  host(name?: string): SpawnedHost;
  /** A partner page with the real element on it (pages.ts), opened in a fresh context. */
  page(options?: WidgetPageOptions): Promise<PageFixture>;
}
export function useSuite(options: SuiteOptions = {}): Suite {
  let server: StaticServer | undefined;
  let voiceApi: FakeVoiceApi | undefined;
  const hosts = new Map<string, SpawnedHost>();
  const browser = useBrowserSuite({
    debugVariable: 'FAD_DEBUG',
    alongside: () => [
      startStaticServer({ '/widget/': join(WIDGET, options.build ?? 'dist'), '/assets/': ASSETS }).then((value) => (server = value)),
      options.voiceApi ? startFakeVoiceApi({ assistants: [ASSISTANT_ID] }).then((value) => (voiceApi = value)) : undefined,
      // The real host, without rate limits (one machine sends every test's requests).
      ...Object.entries(options.hosts ?? { main: {} }).map(([name, env]) =>
        startHost({ env: { RATE_LIMIT: 'off', VAPI_ASSISTANT_ID: ASSISTANT_ID, ...env } }).then((host) => (hosts.set(name, host), host)),
      ),
    ],
    afterEachTest: () => voiceApi?.reset(),
  });
  let pages = 0;
  const suite: Suite = {
    get server() {
      return running(server, 'the static server');
    },
    get voiceApi() {
      return running(voiceApi, 'the fake voice API');
    },
    host: (name = 'main') => running(hosts.get(name), `webhook host "${name}"`),
    page({ attributes = {}, webhookBase, headers, path = `/page-${++pages}.html`, viewport, clock, javaScript, locale, beforeLoad, ...page } = {}) {
      const usual = { 'webhook-base': webhookBase ?? suite.host().webhookBase, 'public-key': PUBLIC_KEY, 'voice-api-base': voiceApi?.url };
      const url = suite.server.page(path, partnerPage({ ...page, attributes: { ...usual, ...attributes } }), headers);
      const before = beforeLoad && (async (tab: Page) => void (await beforeLoad(tab)));
      const open = Object.entries({ viewport, clock, javaScript, locale, before }).filter(([, value]) => value !== undefined);
      return browser.open(url, Object.fromEntries(open) as OpenOptions);
    },
  };
  return suite;
}
