// The browser call's live states on /demo. A real call needs the voice provider on the internet, so
// here the page gets the widget's test build instead of its own (widget/test-dist: the same build
// with Daily's client replaced by widget/test/fakes/fake-daily.ts, driven through
// window.__fakeDaily) and a fake voice API (test-support's, as the widget's browser tests use).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startFakeVoiceApi, type FakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { button, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '@franchise-ai/test-support/widget-texts';
import type { Camera, Width } from './camera.ts';
import { callStatus, DEMO, reach, toCongratulations } from './widget-steps.ts';
import { ASSISTANT_ID } from './host.ts';

export const TEST_DIST = fileURLToPath(new URL('../../../widget/test-dist/', import.meta.url));

/** Global only in the test build's page (fake-daily.ts). */
interface FakeDailyWindow {
  __fakeDaily: { setRemoteAudioLevel(level: number): void };
}

/** /demo's widget files come from the test build; the element talks to the fake voice API. */
async function withFakeCall(page: Page): Promise<void> {
  if (!existsSync(join(TEST_DIST, 'franchise-ai-demo.js'))) throw new Error('widget/test-dist is missing: run without --no-build');
  await page.route(
    (url) => url.pathname.startsWith('/widget/'),
    (route) => route.fulfill({ path: join(TEST_DIST, new URL(route.request().url()).pathname.slice('/widget/'.length)) }),
  );
}

/** Form → congratulations → 'Start Browser Test' until 'Assistant ready', on the test build. */
async function openBrowserCall(camera: Camera, voiceApi: FakeVoiceApi, width: Width): Promise<Page> {
  const page = await camera.open(DEMO, width, { clock: true, prepare: withFakeCall });
  // The site's /demo names neither: its build has no voice key. The fake API takes any.
  await widget(page).evaluate((element, url) => {
    element.setAttribute('voice-api-base', url);
    element.setAttribute('public-key', 'pk_screenshots');
  }, voiceApi.url);
  await toCongratulations(page, width);
  await button(page, copy.browserButton).click();
  await reach(page, 'browser call (assistant ready)', width, () => callStatus(page, copy.statusAssistantReady));
  await page.waitForFunction(() => '__fakeDaily' in window);
  return page;
}

/** The browser refusing the microphone, as it does for each problem the widget tells apart. */
const MICROPHONE_PROBLEMS = [
  ['NotAllowedError', copy.microphoneBlocked, 'demo-call-microphone-blocked'],
  ['NotFoundError', copy.microphoneNotFound, 'demo-call-microphone-not-found'],
  ['NotReadableError', copy.microphoneUnavailable, 'demo-call-microphone-unavailable'],
] as const;

export async function shootCallStates(camera: Camera, width: Width): Promise<void> {
  // The host answers its configured assistant, which the provider holds.
  const voiceApi = await startFakeVoiceApi({ assistants: [ASSISTANT_ID] });
  try {
    // Ready; starting (the API holds its answer); started; speaking; listening; ended.
    const call = await openBrowserCall(camera, voiceApi, width);
    await camera.shoot(call, 'demo-call-ready', width);
    const release = voiceApi.holdAnswers();
    await button(call, copy.startCall).click();
    await reach(call, 'starting call', width, () => callStatus(call, copy.statusStarting));
    await camera.shoot(call, 'demo-call-starting', width);
    release();
    await reach(call, 'call started', width, () => callStatus(call, copy.statusCallStarted));
    await camera.shoot(call, 'demo-call-started', width);
    await call.evaluate(() => (window as unknown as FakeDailyWindow).__fakeDaily.setRemoteAudioLevel(0.5));
    await reach(call, 'assistant speaking', width, () => callStatus(call, copy.statusSpeaking));
    await camera.shoot(call, 'demo-call-speaking', width);
    await call.evaluate(() => (window as unknown as FakeDailyWindow).__fakeDaily.setRemoteAudioLevel(0));
    await reach(call, 'listening', width, () => callStatus(call, copy.statusListening));
    await camera.shoot(call, 'demo-call-listening', width);
    await button(call, copy.endCall).click();
    await reach(call, 'call ended', width, () => callStatus(call, copy.statusCallEnded));
    await camera.shoot(call, 'demo-call-ended', width);
    // The voice API refusing the next call: 'Error occurred'.
    voiceApi.status = 500;
    voiceApi.reply = () => JSON.stringify({ message: 'Internal server error' });
    await button(call, copy.startCall).click();
    await reach(call, 'call error', width, () => callStatus(call, copy.statusError));
    await camera.shoot(call, 'demo-call-error', width);
    voiceApi.reset();
    await call.context().close();

    for (const [name, notice, shot] of MICROPHONE_PROBLEMS) {
      const page = await openBrowserCall(camera, voiceApi, width);
      await page.evaluate((errorName) => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('refused', errorName));
      }, name);
      await button(page, copy.startCall).click();
      await reach(page, `microphone notice (${name})`, width, () => widget(page).getByRole('alert').getByText(notice).waitFor());
      await camera.shoot(page, shot, width);
      await page.context().close();
    }
  } finally {
    await voiceApi.stop();
  }
}
