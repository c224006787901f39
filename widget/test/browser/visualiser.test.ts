import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { BAR_WEIGHTS, formatCallTime } from '../../src/after-form/steps/call-visualiser.tsx';
import { callStatus, reachBrowserCall, startCall } from '../support/browser-call.ts';
import { expectAccessibleAtWidths } from '../support/accessible-at-widths.ts';
import { recordedEvents } from '../support/events.ts';
import { movingParts } from '../support/motion.ts';
import { clockFrom } from '../support/steps.ts';
import { useSuite } from '../support/suite.ts';

// The call visualiser and timer: the real voice SDK turns the fake Daily's remote audio level into its
// volume-level and speech events (its volume is the level / 0.15, capped at 1; it speaks above 0.01).
// Also axe and overflow on an active call, listening and speaking.
const suite = useSuite({ build: 'test-dist', voiceApi: true });

const QUIET = 0.03; // volume 0.2
const LOUD = 0.12; // volume 0.8
const SLACK_MS = 50;

const setLevel = (page: Page, level: number) => page.evaluate((value) => window.__fakeDaily!.setRemoteAudioLevel(value), level);

interface Bars {
  /** Every bar has a background (speaking: solid bars); listening shows hollow rings. */
  filled: boolean;
  heights: number[];
  widths: number[];
}

/** The bars as drawn once their height transitions (100 ms) have ended: heights, widths, whether filled. */
const bars = (page: Page): Promise<Bars> =>
  widget(page)
    .locator('.visualiser-bars')
    .evaluate(async (element) => {
      await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined)));
      const spans = [...element.children] as HTMLElement[];
      return {
        filled: spans.every((span) => getComputedStyle(span).backgroundColor !== 'rgba(0, 0, 0, 0)'),
        heights: spans.map((span) => Math.round(span.getBoundingClientRect().height * 10) / 10),
        widths: spans.map((span) => span.getBoundingClientRect().width),
      };
    });
/** The tallest bar of the waveform's shape, the middle one. */
const TALLEST = BAR_WEIGHTS.indexOf(Math.max(...BAR_WEIGHTS) as (typeof BAR_WEIGHTS)[number]);
const middle = async (page: Page) => (await bars(page)).heights[TALLEST]!;
const timer = (page: Page) => widget(page).getByRole('timer', { name: copy.callTimerLabel });

/** axe and overflow at the narrowest supported width, a phone's and a desktop's; the page is left at the last. */
const WIDTHS = [320, 375, 1280];

test('the bars follow the assistant’s voice; speaking and listening differ in shape; axe finds nothing during the call at 320, 375 and 1280 px', async () => {
  const { page } = await suite.page({ clock: true });
  await reachBrowserCall(page);
  await startCall(page);
  await expectAccessibleAtWidths(page, 'an active call', WIDTHS);
  // Listening (the assistant has not spoken yet): round dots, all the same, not filled.
  const listening = await bars(page);
  expect(listening.filled).toBe(false);
  expect(new Set([...listening.heights, ...listening.widths]).size).toBe(1);
  // The assistant speaks: filled bars, taller than wide, the middle one tallest, following the level.
  await setLevel(page, QUIET);
  await poll(() => callStatus(page).innerText()).toBe(copy.statusSpeaking);
  await poll(() => middle(page)).toBeGreaterThan(listening.heights[TALLEST]!);
  const quiet = await middle(page);
  await setLevel(page, LOUD);
  await poll(() => middle(page), 'louder, taller').toBeGreaterThan(quiet * 2);
  const loud = await bars(page);
  expect(loud.filled).toBe(true);
  expect(Math.max(...loud.heights)).toBe(loud.heights[TALLEST]);
  expect(loud.heights.every((height, index) => height > loud.widths[index]!)).toBe(true);
  await expectAccessibleAtWidths(page, 'the assistant speaking', WIDTHS);
  expect(await button(page, copy.endCall).isEnabled()).toBe(true);
  await setLevel(page, QUIET);
  await poll(() => middle(page), 'quieter, shorter').toBeLessThan(loud.heights[TALLEST]! / 2);
  // Silence: the SDK ends the speech, and the dots come back.
  await setLevel(page, 0);
  await poll(() => callStatus(page).innerText()).toBe(copy.statusListening);
  await poll(() => bars(page)).toEqual(listening);
});

test('the timer counts mm:ss from the call start, is not a live region, and keeps the call length after it', async () => {
  const { page } = await suite.page({ clock: true });
  await reachBrowserCall(page);
  expect(await timer(page).count()).toBe(0); // no call yet
  // A busy page: the main thread is held for 300 ms right after the SDK reports the start, so the
  // widget renders late. The timer still counts from the start (CI's load once made it lag 50 ms).
  await page.evaluate((busyMs) => {
    const hold = () => {
      const until = Date.now() + busyMs;
      while (Date.now() < until);
    };
    document.addEventListener('franchise-ai-demo-call-start', hold, { once: true });
  }, 300);
  await startCall(page);
  const [started] = await recordedEvents(page, 'call-start');
  const advanceTo = await clockFrom(page, started!.time);
  for (const ms of [10_000, 59_000, 60_000, 65_000]) {
    await advanceTo(ms - 100);
    expect(await timer(page).innerText(), `just before ${ms} ms`).toBe(formatCallTime(ms - 1_000));
    await advanceTo(ms + SLACK_MS);
    await poll(() => timer(page).innerText(), `at ${ms} ms`).toBe(formatCallTime(ms));
  }
  expect([formatCallTime(59_000), formatCallTime(65_000), formatCallTime(3_600_000)]).toEqual(['00:59', '01:05', '60:00']);
  // Read when asked, not announced every second.
  expect(await timer(page).evaluate((element) => element.closest('[aria-live], [role=status], [role=alert], [role=log]'))).toBeNull();
  await button(page, copy.endCall).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallEnded);
  await advanceTo(80_000);
  expect(await timer(page).innerText()).toBe(formatCallTime(65_000));
  await page.clock.resume();
});

/** Where each of the waveform's marks is drawn inside its strip, in whole px: what tells states apart without colour. */
const shape = (page: Page) =>
  widget(page)
    .locator('.visualiser-bars')
    .evaluate((element) => {
      const disc = element.getBoundingClientRect();
      return [...element.children].map((span) => {
        const box = span.getBoundingClientRect();
        return [box.left - disc.left, box.top - disc.top, box.width, box.height].map(Math.round);
      });
    });

test('prefers-reduced-motion: reduce: connecting (a still shape of its own, not the idle dots in another colour) and speaking still show, nothing moves', async () => {
  const { page } = await suite.page({ clock: true });
  await reachBrowserCall(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const idle = await shape(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // Starting: the dots wave, unless motion is reduced.
  const releaseWebCall = suite.voiceApi.holdAnswers();
  await button(page, copy.startCall).click();
  await poll(() => suite.voiceApi.webCallRequests().length).toBe(1);
  expect(await callStatus(page).innerText()).toBe(copy.statusStarting);
  expect(await movingParts(page)).toEqual(Array(BAR_WEIGHTS.length).fill('span: animation wave'));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
  expect(await shape(page)).not.toEqual(idle);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  releaseWebCall();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallStarted);
  const listening = await bars(page);
  await setLevel(page, QUIET);
  await poll(() => callStatus(page).innerText()).toBe(copy.statusSpeaking);
  // With motion, the bars follow the level and change height smoothly.
  expect(await movingParts(page)).toEqual(Array(BAR_WEIGHTS.length).fill('span: transition height'));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
  const still = await bars(page);
  expect(still.filled).toBe(true);
  expect(still.heights).not.toEqual(listening.heights);
  // A louder voice reaches the visualiser (its level property) and changes nothing drawn.
  const level = () =>
    widget(page)
      .locator('.visualiser-bars')
      .evaluate((element) => (element as HTMLElement).style.getPropertyValue('--_level'));
  const quietLevel = await level();
  expect(Number(quietLevel)).toBeGreaterThan(0);
  await setLevel(page, LOUD);
  await poll(level).not.toBe(quietLevel);
  expect(await bars(page)).toEqual(still);
});
