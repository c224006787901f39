import { afterAll, beforeAll, expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, reachCongratulations, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { CONGRATULATIONS_AT_MS } from '../../src/figures.ts';
import { STRICT_CSP } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { callStatus } from '../support/browser-call.ts';

// A partner page's own defences and neighbours: a strict Content-Security-Policy (no inline script or
// style, no eval, Trusted Types enforced with the widget's policy allowed by name, the widget
// README's CSP table) from the form through the later steps and the phone dialog; and a frame from
// another origin posting what Daily's call machine would.
const suite = useSuite({ voiceApi: true });
const CSP = `${STRICT_CSP}; require-trusted-types-for 'script'; trusted-types franchise-ai-demo`;

const PRIMARY = 'rgb(29, 78, 216)'; // --fad-color-primary's default, #1d4ed8

test('under a strict CSP with Trusted Types the widget is styled and the form goes through to the later steps and the phone dialog (its chevron drawn) without a violation', async () => {
  const fixture = await suite.page({ headers: { 'Content-Security-Policy': CSP }, clock: true });
  const { page } = fixture;
  await heading(page, copy.formHeading).waitFor();
  const submit = button(page, copy.submit);
  expect(await submit.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(PRIMARY);
  // Styled by adopted sheets (the first render's, and the later steps' once they arrive at idle), no <style>.
  expect(await widget(page).evaluate((host) => [host.shadowRoot!.adoptedStyleSheets.length > 0, host.shadowRoot!.querySelectorAll('style').length])).toEqual([
    true,
    0,
  ]);
  await fillForm(page, VISITOR);
  await submit.click();
  await poll(() => dataStep(page)).toBe('loading');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS); // the progress bar's width changes on the way
  await heading(page, copy.readyHeading).waitFor();
  expect(await button(page, copy.scheduleCall).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(PRIMARY);
  // The later steps' own drawings (later-steps.css): the phone dialog's chevron must not be an image
  // (img-src falls back to default-src 'self', which refuses data: URLs), or the policy would block
  // it with a report. The native arrow is gone and the chevron is drawn.
  await button(page, copy.scheduleCall).click();
  const select = widget(page).getByRole('dialog').getByRole('combobox', { name: copy.phoneCountryLabel });
  await poll(() => select.locator('option').count()).toBeGreaterThan(200);
  expect(await select.evaluate((element) => [getComputedStyle(element).appearance, getComputedStyle(element).backgroundImage !== 'none'])).toEqual([
    'none',
    true,
  ]);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(fixture.consoleErrors).toEqual([]);
  expect(fixture.pageErrors).toEqual([]);
  // The policy is in force, Trusted Types too, and a violation would have been seen.
  const inlineRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.append('window.__inlineRan = true'); // Trusted Types refuses its text before script-src is asked
    document.head.append(script);
    return (window as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(inlineRan).toBe(false);
  const refused = await page.evaluate(() => {
    try {
      document.createElement('script').src = '/widget/franchise-ai-demo.js';
      return false;
    } catch (error) {
      return error instanceof TypeError;
    }
  });
  expect(refused, 'a plain string as a script URL').toBe(true);
  await poll(() => page.evaluate(() => window.__cspViolations)).toEqual([
    'require-trusted-types-for trusted-types-sink',
    'require-trusted-types-for trusted-types-sink',
  ]);
});

// The real build, so the real Daily (@daily-co/daily-js, inside the voice SDK) runs: its call object
// listens for `message` events on the window without looking at their origin or source. A frame from
// another origin on the partner's page (an ad, a chat widget) posts what Daily's call machine would
// post to abort the call. Daily's call machine comes from its CDN, which the tests never reach: the
// request for it is held, so the call object exists, listening, and the call is 'Starting call...'
// while the frame posts.
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
  await button(page, copy.browserButton).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
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
