import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { PageFixture } from '@franchise-ai/test-support/browser-suite';
import { WEB_CALL_URL } from '@franchise-ai/test-support/fake-voice-api';
import { ASSISTANT_ID, assistantAudio, button, callStatus, clickForStatus, copy, dataStep, endCall, expectAccessibleAtWidths } from '#test/support/index.ts';
import { fakeDaily, fillCopy, heading, poll, PUBLIC_KEY, reachCongratulations, recordedEvents, refuseMicrophone } from '#test/support/index.ts';
import { schedulePhoneCall, startCall, useSuite, VISITOR, widget, type WidgetPageOptions } from '#test/support/index.ts';

// The in-browser call: the real voice SDK, built with the fake Daily (test-dist), talking to the fake voice API.
const suite = useSuite({ build: 'test-dist', voiceApi: true });
/** The voice SDK's own wait, after the assistant falls quiet, before it reports the end of speech (spec section 9). */
const SDK_SPEECH_END_DELAY_MS = 1_000;
const isVoiceChunk = (url: string) => /\/widget\/chunks\/vapi-client-[\w-]+\.js$/.test(url);
declare global {
  interface Window {
    __statuses: Array<{ text: string; time: number }>;
  }
}
/** Records every status line the browser step shows, with the page's time, so fleeting ones are not missed. */
async function recordStatuses(page: Page): Promise<void> {
  await widget(page).evaluate((host) => {
    window.__statuses = [];
    const record = () => {
      const text = host.shadowRoot!.querySelector('.call-status')?.textContent;
      if (text && text !== window.__statuses.at(-1)?.text) window.__statuses.push({ text, time: Date.now() });
    };
    new MutationObserver(record).observe(host.shadowRoot!, { subtree: true, childList: true, characterData: true });
  });
}
const statuses = async (page: Page) => (await page.evaluate(() => window.__statuses)).map((entry) => entry.text);
/** Form → congratulations → 'Start Browser Test', until the assistant is ready (and, unless `heldChunk`, the voice chunk has loaded). */
async function openBrowserStep(options: WidgetPageOptions = {}, heldChunk?: Promise<void>): Promise<PageFixture> {
  const fixture = await suite.page({ clock: true, ...options });
  const { page } = fixture;
  if (heldChunk)
    await page.route(
      (url) => isVoiceChunk(url.href),
      async (route) => (await heldChunk, route.continue()),
    );
  await reachCongratulations(page);
  await recordStatuses(page);
  expect(fixture.requests.filter(isVoiceChunk), 'voice chunk fetched before Start Browser Test').toEqual([]);
  await button(page, copy.browserButton).click();
  await heading(page, fillCopy(copy.welcomeHeading, { name: VISITOR.name })).waitFor();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
  if (!heldChunk) await page.waitForFunction(() => window.__fakeDaily !== undefined);
  return fixture;
}

test('a whole call: assistant ready, start, speaking, listening, end; the SDK loads only when asked for', async () => {
  const fixture = await openBrowserStep();
  const { page } = fixture;
  expect(fixture.requests.filter(isVoiceChunk)).toHaveLength(1);
  expect(await dataStep(page)).toBe('browser-call');
  expect(await statuses(page)).toEqual([copy.statusGettingAssistant, copy.statusAssistantReady]);
  await startCall(page);
  const [webCall, ...more] = suite.voiceApi.webCallRequests();
  expect(more).toEqual([]);
  expect(webCall!.authorization).toBe(`Bearer ${PUBLIC_KEY}`);
  expect(webCall!.body).toMatchObject({
    assistantId: ASSISTANT_ID,
    assistantOverrides: { variableValues: { name: VISITOR.name, company: VISITOR.company, businessType: VISITOR.businessType } },
  });
  expect(suite.voiceApi.requests.find((request) => request.method === 'OPTIONS')?.origin).toBe(suite.server.url);
  const daily = await fakeDaily(page);
  expect(daily.joins.map((join) => join.url)).toEqual([WEB_CALL_URL]);
  expect(daily.created.map((created) => created.dailyConfig)).toEqual([{ avoidEval: false }]);
  expect(await assistantAudio(page).getAttribute('data-participant-id')).toBe('remote-assistant');
  expect(await button(page, copy.endCall).isEnabled()).toBe(true);
  expect(await recordedEvents(page, 'call-start')).toHaveLength(1);
  await page.evaluate(() => window.__fakeDaily!.setRemoteAudioLevel(0.5));
  await poll(() => callStatus(page).innerText()).toBe(copy.statusSpeaking);
  const quietAt = await page.evaluate(() => (window.__fakeDaily!.setRemoteAudioLevel(0), Date.now()));
  await poll(() => callStatus(page).innerText()).toBe(copy.statusListening);
  const listeningAt = (await page.evaluate(() => window.__statuses)).find((entry) => entry.text === copy.statusListening)!.time;
  // Not at once: the SDK's wait (less a margin for a loaded machine, where 845 ms was once seen).
  expect(listeningAt - quietAt).toBeGreaterThanOrEqual(SDK_SPEECH_END_DELAY_MS / 2);
  await endCall(page);
  await poll(() => assistantAudio(page).count()).toBe(0);
  expect((await fakeDaily(page)).destroyed).toBe(1);
  expect(await recordedEvents(page, 'call-end')).toHaveLength(1);
  expect(await button(page, copy.startCall).isEnabled()).toBe(true);
  expect(await statuses(page)).toEqual([
    copy.statusGettingAssistant,
    copy.statusAssistantReady,
    copy.statusStarting,
    copy.statusCallStarted,
    copy.statusSpeaking,
    copy.statusListening,
    copy.statusCallEnded,
  ]);
  expect(await recordedEvents(page, 'error')).toEqual([]);
  expect(fixture.pageErrors).toEqual([]);
});

/** A string, a function, a getter and an enumerable getter; the string is what stopped the widget: the bundler's namespace helper took each inherited key for a getter (build/own-keys-runtime.ts). */
const POLLUTE = () => {
  (Object.prototype as Record<string, unknown>)['foo'] = 'bar';
  (Object.prototype as Record<string, unknown>)['polluted'] = () => 'polluted';
  Object.defineProperty(Object.prototype, 'x', { get: () => 1, configurable: true });
  Object.defineProperty(Object.prototype, 'y', { get: () => 'y', enumerable: true, configurable: true });
};

test("on a page that adds a string, a function, a getter and an enumerable getter to Object.prototype before the widget loads, the widget draws over the page's own content, the flow goes on, the voice chunk runs and the call starts; the assistant leaving ends the call; removing the widget during a call ends it", async () => {
  const content = '<a href="/contact">Request your demo</a>';
  const { page, consoleErrors, pageErrors } = await openBrowserStep({ content, beforeLoad: (tab) => tab.addInitScript(POLLUTE) });
  expect(await page.evaluate(() => ['foo', 'polluted', 'x', 'y'].filter((key) => key in {}))).toEqual(['foo', 'polluted', 'x', 'y']);
  expect(await page.getByRole('link', { name: 'Request your demo', exact: true }).isVisible()).toBe(false);
  await startCall(page);
  await page.evaluate(() => window.__fakeDaily!.leave());
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallEnded);
  expect(await recordedEvents(page, 'call-end')).toHaveLength(1);
  await poll(() => assistantAudio(page).count()).toBe(0);
  await poll(async () => (await fakeDaily(page)).destroyed).toBe(1);
  expect(await button(page, copy.startCall).isEnabled()).toBe(true);
  await startCall(page);
  await widget(page).evaluate((host) => host.remove());
  await poll(async () => (await fakeDaily(page)).destroyed).toBe(2);
  await poll(() => assistantAudio(page).count()).toBe(0);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
});

test('a missing microphone, one in use and a refused one are each told apart, with Call Me offered (axe finds nothing at 320, 375 and 1280 px), which schedules a phone call instead', async () => {
  const { page } = await openBrowserStep();
  const alert = widget(page).getByRole('alert');
  const notices: string[] = [];
  for (const [name, message, notice] of [
    ['NotFoundError', 'Requested device not found', copy.microphoneNotFound],
    ['NotReadableError', 'Could not start audio source', copy.microphoneUnavailable],
    ['NotAllowedError', 'Permission denied', copy.microphoneBlocked],
  ] as const) {
    await refuseMicrophone(page, name, message);
    await clickForStatus(page, copy.startCall, copy.statusError);
    await alert.filter({ hasText: notice }).waitFor();
    if (notice !== copy.microphoneBlocked) expect(await alert.innerText(), name).not.toContain(copy.microphoneBlocked);
    expect(await button(page, copy.callMeTitle).isEnabled()).toBe(true);
    notices.push(notice);
    // The page hears the words the visitor sees, not the browser's or the SDK's.
    await poll(async () => (await recordedEvents(page, 'error')).map((event) => event.detail)).toEqual(
      notices.map((text) => ({ stage: 'voice', message: text })),
    );
  }
  expect(await alert.innerText()).not.toContain(copy.microphoneUnavailable);
  await expectAccessibleAtWidths(page, 'the microphone-blocked notice with its Call Me offer', [320, 375, 1280]);
  expect(suite.voiceApi.webCallRequests(), 'no call is created without a microphone').toEqual([]);
  await button(page, copy.callMeTitle).click();
  await schedulePhoneCall(page);
  await heading(page, copy.callScheduledHeading).waitFor();
  expect(await dataStep(page)).toBe('call-scheduled');
  await poll(async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: true, refused: false, placed: false }]);
});

test('End Call while the voice chunk is still loading: the call never starts, and Start Call works afterwards', async () => {
  let releaseVoiceChunk!: () => void;
  const fixture = await openBrowserStep({}, new Promise<void>((resolve) => (releaseVoiceChunk = resolve)));
  const { page } = fixture;
  await clickForStatus(page, copy.startCall, copy.statusStarting);
  expect(await page.evaluate(() => window.__fakeDaily)).toBeUndefined(); // the chunk has not arrived
  await endCall(page);
  expect(await recordedEvents(page, 'call-end')).toHaveLength(1);
  releaseVoiceChunk();
  await page.waitForFunction(() => window.__fakeDaily !== undefined);
  await startCall(page);
  // Had the stopped call started once the chunk arrived, its POST would have come first.
  expect(suite.voiceApi.webCallRequests()).toHaveLength(1);
  expect((await fakeDaily(page)).created).toHaveLength(1);
  expect(await recordedEvents(page, 'call-start')).toHaveLength(1);
  expect(await statuses(page)).toEqual([
    copy.statusGettingAssistant,
    copy.statusAssistantReady,
    copy.statusStarting,
    copy.statusCallEnded,
    copy.statusStarting,
    copy.statusCallStarted,
  ]);
  expect(fixture.pageErrors).toEqual([]);
});

test("End Call during 'Starting call...': the call the SDK still joins is stopped, nothing is left, and a new call works; so does removing the widget during a start, and put back it can call again", async () => {
  const fixture = await openBrowserStep();
  const { page } = fixture;
  const releaseWebCall = suite.voiceApi.holdAnswers();
  await button(page, copy.startCall).click();
  await poll(() => suite.voiceApi.webCallRequests().length).toBe(1);
  expect(await callStatus(page).innerText()).toBe(copy.statusStarting);
  await endCall(page);
  // The POST answers after the stop: the SDK still creates the call object and joins; the widget ends it.
  releaseWebCall();
  await poll(async () => (await fakeDaily(page)).destroyed).toBe(1);
  const daily = await fakeDaily(page);
  expect(daily.joins).toHaveLength(1);
  expect(daily.live).toBe(0);
  expect(await assistantAudio(page).count()).toBe(0);
  expect(await callStatus(page).innerText()).toBe(copy.statusCallEnded);
  expect(await recordedEvents(page, 'call-start')).toEqual([]);
  expect(await recordedEvents(page, 'call-end')).toHaveLength(1);
  expect(await recordedEvents(page, 'error')).toEqual([]);
  await startCall(page);
  expect((await fakeDaily(page)).live).toBe(1);
  expect(await assistantAudio(page).count()).toBe(1);
  await endCall(page);
  await poll(() => assistantAudio(page).count()).toBe(0);
  expect((await fakeDaily(page)).live).toBe(0);
  // Removing the widget during a start: the call the SDK still joins is stopped.
  const releaseAgain = suite.voiceApi.holdAnswers();
  await button(page, copy.startCall).click();
  await poll(() => suite.voiceApi.webCallRequests().length).toBe(3);
  const host = await widget(page).elementHandle();
  await host!.evaluate((element) => element.remove());
  releaseAgain();
  await poll(async () => (await fakeDaily(page)).destroyed).toBe(3);
  expect((await fakeDaily(page)).live).toBe(0);
  expect(await assistantAudio(page).count()).toBe(0);
  expect(await recordedEvents(page, 'call-start')).toHaveLength(1);
  // Put back, it comes back to its agent (the tab kept it), and a call goes through: nothing of the removed one is in the way.
  await host!.evaluate((element) => document.querySelector('main')!.append(element));
  await heading(page, copy.readyHeading).waitFor();
  await clickForStatus(page, copy.browserButton, copy.statusAssistantReady);
  await startCall(page);
  const after = await fakeDaily(page);
  expect([after.created.length, after.live]).toEqual([4, 1]);
  expect(await assistantAudio(page).count()).toBe(1);
  expect(fixture.pageErrors).toEqual([]);
});
