import { expect, test } from 'vitest';
import { reachBrowserCall, startCall } from '../support/browser-call.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// The browser call on a page that adds a string to Object.prototype: the voice chunk holds the
// bundler's namespace helper (the voice SDK, CommonJS, requires Daily's client, an ES module), which
// walked inherited keys and threw "Getter must be a function" when the chunk ran
// (build/own-keys-runtime.ts). On the test build, with the fake Daily and the fake voice API.
const suite = useSuite({ build: 'test-dist', voiceApi: true });

test('with Object.prototype.foo = "bar", the voice chunk runs and the call starts', async () => {
  const url = suite.server.page('/polluted-call.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase, suite.voiceApi.url) }));
  const { page, consoleErrors, pageErrors } = await suite.open(url, {
    clock: true,
    before: async (page) =>
      void (await page.addInitScript(() => {
        (Object.prototype as Record<string, unknown>)['foo'] = 'bar';
      })),
  });
  await reachBrowserCall(page);
  await startCall(page);
  expect(await page.evaluate(() => window.__fakeDaily!.log.live)).toBe(1);
  expect(consoleErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
});
