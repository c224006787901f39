import type { Page } from 'playwright-core';
import { poll } from '@franchise-ai/test-support/poll';
import { button, type FormInput, reachCongratulations, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy/copy.ts';
import type { FakeDailyLog } from '../fakes/fake-daily.ts';

// The browser call on the test build (fake Daily, fake voice API), for tests other than steps/browser-call/voice.browser.test.ts.

export const callStatus = (page: Page) => widget(page).getByRole('status');
/** The voice SDK's `<audio>` for the assistant, which it appends to the page's body. */
export const assistantAudio = (page: Page) => page.locator('body > audio');
/** Form → congratulations → 'Start Browser Test', until the assistant is ready and the voice chunk has loaded. */
export async function reachBrowserCall(page: Page, input: FormInput = VISITOR): Promise<void> {
  await reachCongratulations(page, input);
  await clickForStatus(page, copy.browserButton, copy.statusAssistantReady);
  await page.waitForFunction(() => window.__fakeDaily !== undefined);
}
/** Start Call, until the call is live and the assistant's audio is on the page. */
export async function startCall(page: Page): Promise<void> {
  await clickForStatus(page, copy.startCall, copy.statusCallStarted);
  await assistantAudio(page).waitFor({ state: 'attached' });
}
/** The microphone refused as after "Block" (headless Chromium cannot click it), or another DOMException name: missing or busy. */
export function refuseMicrophone(page: Page, name = 'NotAllowedError', message = 'Permission denied'): Promise<void> {
  return page.evaluate(
    ([errorName, errorMessage]) => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException(errorMessage, errorName));
    },
    [name, message] as const,
  );
}
/** The assistant's side sends a transcript, as Vapi's server does during a call (fake Daily's app message). */
export function sendTranscript(page: Page, role: 'assistant' | 'user', transcriptType: 'partial' | 'final', transcript: string): Promise<void> {
  return page.evaluate((message) => window.__fakeDaily!.appMessage(message), { type: 'transcript', role, transcriptType, transcript });
}

/** Clicks the widget's button `name`, until the call's status reads `status`. */
export async function clickForStatus(page: Page, name: string, status: string): Promise<void> {
  await button(page, name).click();
  await poll(() => callStatus(page).innerText()).toBe(status);
}
/** What the fake Daily saw on the page (test/fakes/fake-daily.ts). */
export const fakeDaily = (page: Page): Promise<FakeDailyLog> => page.evaluate(() => window.__fakeDaily!.log);
/** End Call, until the call has ended. */
export async function endCall(page: Page): Promise<void> {
  await clickForStatus(page, copy.endCall, copy.statusCallEnded);
}
