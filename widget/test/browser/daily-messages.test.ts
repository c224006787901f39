import { afterAll, beforeAll, expect, test } from 'vitest';
import { button, callStatus, clickForStatus, copy, reachCongratulations, useSuite, widget } from '../support/index.ts';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';

// The real Daily listens for window `message` events whatever their origin: a foreign frame posts its abort while its held CDN call machine keeps us 'Starting call...'.
const suite = useSuite({ voiceApi: true });
let other: StaticServer | undefined;
beforeAll(async () => void (other = await startStaticServer({})));
afterAll(() => other?.stop());
const ATTACK = 'Your computer is infected, call 0800 000 000';
const isDailyBundle = (url: URL) => url.hostname === 'c.daily.co';
/** A page on the other origin that posts Daily's error message to its parent, then a marker the test waits for. */
const framePage = `<!doctype html><title>ad</title><script>
parent.postMessage({ what: 'iframe-call-message', action: 'error', errorMsg: ${JSON.stringify(ATTACK)}, error: { type: 'ejected', msg: ${JSON.stringify(ATTACK)} } }, '*');
parent.postMessage({ what: 'fad-test-posted' }, '*');
</script>`;

test("a cross-origin frame posting Daily's error message neither aborts the browser call nor puts its words anywhere", async () => {
  const fixture = await suite.page({ clock: true });
  const { page } = fixture;
  let bundleRequested!: () => void;
  const bundle = new Promise<void>((resolve) => (bundleRequested = resolve));
  await page.route(isDailyBundle, () => bundleRequested()); // held: never answered
  await reachCongratulations(page);
  await clickForStatus(page, copy.browserButton, copy.statusAssistantReady);
  await button(page, copy.startCall).click();
  await bundle; // Daily's call object exists and listens
  expect(await callStatus(page).innerText()).toBe(copy.statusStarting);
  const frameUrl = other!.page('/ad.html', framePage);
  expect(new URL(frameUrl).origin).not.toBe(new URL(page.url()).origin);
  await page.evaluate(async (src) => {
    const posted = new Promise<void>((resolve) => addEventListener('message', (event) => event.data?.what === 'fad-test-posted' && resolve()));
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
    await posted; // messages from one frame arrive in order: Daily's listener has had the first
  }, frameUrl);
  expect(await callStatus(page).innerText(), 'the call goes on starting').toBe(copy.statusStarting);
  const seen = JSON.stringify({
    text: await widget(page).evaluate((host) => host.shadowRoot!.textContent),
    events: await page.evaluate(() => window.__events),
    console: [...fixture.consoleErrors, ...fixture.consoleWarnings, ...fixture.pageErrors],
  });
  expect(seen).not.toContain('infected');
  expect((await page.evaluate(() => window.__events)).map((event) => event.type)).not.toContain('error');
});
