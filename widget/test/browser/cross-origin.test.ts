import { afterAll, beforeAll, expect, test } from 'vitest';
import { clickForStatus, copy, poll, reachBrowserCall, reachCongratulations, startCall, useSuite } from '../support/index.ts';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { WIDGET } from '../support/build-widget.ts';

// Served from a CDN without CORS (S3's default) it works as a classic script; as a module only with CORS. The test build, so the call runs too.
const suite = useSuite({ build: 'test-dist', voiceApi: true });
const cdns: Record<'plain' | 'cors', StaticServer | undefined> = { plain: undefined, cors: undefined };

beforeAll(async () => {
  const roots = { '/widget/': `${WIDGET}test-dist` };
  [cdns.plain, cdns.cors] = await Promise.all([startStaticServer(roots), startStaticServer(roots, { fileHeaders: { 'Access-Control-Allow-Origin': '*' } })]);
});
afterAll(() => Promise.all(Object.values(cdns).map((cdn) => cdn?.stop())));
const loaderOf = (kind: keyof typeof cdns) => `${cdns[kind]!.url}/widget/franchise-ai-demo.js`;
const open = (script: string) => suite.page({ script, clock: true });

test('a classic script from a host without CORS headers: every file of the widget loads from there, and the whole flow works', async () => {
  const fixture = await open(`<script src="${loaderOf('plain')}" defer></script>`);
  const { page, consoleErrors, pageErrors } = fixture;
  const fromCdn = () => fixture.requests.filter((url) => url.startsWith(cdns.plain!.url)).map((url) => new URL(url).pathname);
  const corsHeaders: Array<string | undefined> = [];
  page.on('response', (response) => void (response.url().startsWith(cdns.plain!.url) && corsHeaders.push(response.headers()['access-control-allow-origin'])));
  await reachBrowserCall(page);
  await startCall(page);
  expect(fromCdn()).toEqual([
    '/widget/franchise-ai-demo.js',
    expect.stringMatching(/^\/widget\/chunks\/later-steps-[\w-]+\.js$/),
    expect.stringMatching(/^\/widget\/chunks\/phone-rules-[\w-]+\.js$/),
    expect.stringMatching(/^\/widget\/chunks\/vapi-client-[\w-]+\.js$/),
  ]);
  expect(corsHeaders.filter((header) => header !== undefined)).toEqual([]);
  expect(suite.voiceApi.webCallRequests()).toHaveLength(1);
  expect([...consoleErrors, ...pageErrors]).toEqual([]);
});

test('a module script from a host with CORS headers: the widget finds its files next to itself, and the flow works', async () => {
  const fixture = await open(`<script type="module" src="${loaderOf('cors')}"></script>`);
  const { page, consoleErrors, pageErrors } = fixture;
  await reachCongratulations(page);
  await poll(() => fixture.requests.filter((url) => /\/widget\/chunks\/phone-rules-[\w-]+\.js$/.test(url))).toEqual([expect.stringContaining(cdns.cors!.url)]);
  await clickForStatus(page, copy.browserButton, copy.statusAssistantReady);
  expect(fixture.requests.filter((url) => url.includes('/widget/') && !url.startsWith(cdns.cors!.url))).toEqual([]);
  expect([...consoleErrors, ...pageErrors]).toEqual([]);
});

test("under a nonce-only script policy, the script tag's nonce reaches every chunk the widget adds", async () => {
  const nonce = 'r4nd0m-n0nce';
  const csp = `script-src 'nonce-${nonce}'; connect-src 'self' http://127.0.0.1:*`;
  const script = `<script nonce="${nonce}" src="${loaderOf('plain')}" defer></script>`;
  const { page, consoleErrors } = await suite.page({
    script,
    attributes: { 'voice-api-base': undefined },
    headers: { 'Content-Security-Policy': csp },
    clock: true,
  });
  await reachCongratulations(page);
  await poll(() => page.evaluate(() => [...document.scripts].filter((script) => /phone-rules-/.test(script.src)).map((script) => script.nonce))).toEqual([
    nonce,
  ]);
  // Only the page's own recorder, which has no nonce, was refused.
  expect(consoleErrors.filter((text) => !text.includes('record-events.js'))).toEqual([]);
});
