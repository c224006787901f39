import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  clockFrom,
  CONGRATULATIONS_AT_MS,
  copy,
  dataStep,
  fillCopy,
  heading,
  LOADING_STAGES,
  loadingStartedAt,
  movingParts,
  poll,
} from '#test/support/index.ts';
import { recordedEvents, submitForm, useSuite, VISITOR, widget } from '#test/support/index.ts';
import { settledStageText } from './loading-step.tsx';
import { possessive } from '../../copy/possessive.ts';

// The loading screen on the fake clock; the bar's fill is a CSS animation on the real clock, sampled through the Web Animations API.
const suite = useSuite();
const SLACK_MS = 20;
const messages = [
  fillCopy(copy.loadingStage1, { companyPossessive: possessive(VISITOR.company) }),
  copy.loadingStage2,
  fillCopy(copy.loadingStage3, { businessType: VISITOR.businessType }),
];
/** Form sent; the loading step is on screen and the page's clock stands still at its start (+1 s at most). */
async function openLoading() {
  const { page } = await suite.page({ clock: true });
  await submitForm(page);
  await heading(page, copy.loadingHeading).waitFor();
  const startedAt = await loadingStartedAt(page);
  return { page, startedAt, advanceTo: await clockFrom(page, startedAt) };
}
interface Bar {
  /** The bar's width, in percent of its track. */
  percent: number;
  /** Its animations: name and duration. */
  animations: Array<{ name: string; durationMs: unknown }>;
}
/** The bar, with its animations (if any) paused `msIntoStage` after their start. */
const sampleBar = (page: Page, msIntoStage?: number): Promise<Bar> =>
  widget(page)
    .locator('.progress-bar')
    .evaluate((bar, ms) => {
      const animations = bar.getAnimations();
      for (const animation of animations) {
        if (ms === undefined) continue;
        animation.pause();
        animation.currentTime = ms;
      }
      return {
        percent: (bar.getBoundingClientRect().width / bar.parentElement!.clientWidth) * 100,
        animations: animations.map((animation) => ({ name: (animation as CSSAnimation).animationName, durationMs: animation.effect?.getTiming().duration })),
      };
    }, msIntoStage);
/** Each item of the checklist: its state (class), its mark, and its visible text without the words for screen readers. */
const checklist = (page: Page) =>
  widget(page)
    .locator('.stages li')
    .evaluateAll((items) =>
      items.map((item) => ({
        state: [...item.classList].filter((name) => name !== 'stage').join(' '),
        current: item.getAttribute('aria-current'),
        mark: item.querySelector('.stage-mark')!.textContent,
        text: [...item.querySelectorAll('span:not(.stage-mark):not(.visually-hidden)')].map((span) => span.firstChild?.textContent).join(''),
      })),
    );
const expectedChecklist = (stagesDone: number) =>
  messages.map((message, index) =>
    index < stagesDone
      ? { state: 'done', current: null, mark: '✓', text: settledStageText(message) }
      : index === stagesDone
        ? { state: 'active', current: 'step', mark: '', text: message }
        : { state: 'waiting', current: null, mark: '', text: settledStageText(message) },
  );

test("the spec figures at the spec times, a bar that fills within each stage, a checklist, one live region; congratulations at the spec's end, not before", async () => {
  const { page, startedAt, advanceTo } = await openLoading();
  const progressbar = widget(page).getByRole('progressbar', { name: copy.loadingProgressLabel });
  const status = widget(page).getByRole('status');
  // Every stage shows from the start; only the one in progress ends in "...".
  expect(messages.every((message) => message.endsWith('...') && !settledStageText(message).endsWith('.'))).toBe(true);
  expect(await progressbar.getAttribute('aria-valuenow')).toBe('0');
  expect(await checklist(page)).toEqual(expectedChecklist(0));
  expect(await status.allInnerTexts()).toEqual([messages[0]]);
  let previous = { atMs: 0, progress: 0 };
  for (const [index, stage] of LOADING_STAGES.entries()) {
    const lengthMs = stage.atMs - previous.atMs;
    const expectedAt = (ms: number) => previous.progress + ((stage.progress - previous.progress) * ms) / lengthMs;
    // Half way and just before the stage ends, the bar is between the two figures, where the time says.
    await advanceTo(previous.atMs + lengthMs / 2);
    const halfWay = await sampleBar(page, lengthMs / 2);
    expect(halfWay.animations).toEqual([{ name: 'fill', durationMs: lengthMs }]);
    expect(halfWay.percent).toBeCloseTo(expectedAt(lengthMs / 2), 0);
    await advanceTo(stage.atMs - 100);
    expect(await progressbar.getAttribute('aria-valuenow'), `just before ${stage.atMs} ms`).toBe(String(previous.progress));
    expect((await sampleBar(page, lengthMs - 100)).percent, `the bar just before ${stage.atMs} ms`).toBeCloseTo(expectedAt(lengthMs - 100), 0);
    // At the stage's end: the spec's figure, the stage checked without its "...", the next one announced.
    await advanceTo(stage.atMs + SLACK_MS);
    await poll(() => progressbar.getAttribute('aria-valuenow'), `at ${stage.atMs} ms`).toBe(String(stage.progress));
    expect((await sampleBar(page, 0)).percent, `the bar at ${stage.atMs} ms starts where it was`).toBeCloseTo(stage.progress, 0);
    expect(await checklist(page)).toEqual(expectedChecklist(index + 1));
    const last = index + 1 === messages.length;
    expect(await status.allInnerTexts()).toEqual([last ? `${settledStageText(messages[index]!)} (${copy.loadingStageDone})` : messages[index + 1]]);
    previous = stage;
  }
  expect(await sampleBar(page), 'full and still').toEqual({ percent: 100, animations: [] });
  await advanceTo(CONGRATULATIONS_AT_MS - 100);
  expect([await heading(page, copy.loadingHeading).isVisible(), await heading(page, copy.readyHeading).count(), await dataStep(page)]).toEqual([
    true,
    0,
    'loading',
  ]);
  await advanceTo(CONGRATULATIONS_AT_MS + SLACK_MS);
  await heading(page, copy.readyHeading).waitFor();
  expect(await dataStep(page)).toBe('congratulations');
  expect((await recordedEvents(page, 'ready'))[0]!.time - startedAt).toBeGreaterThanOrEqual(CONGRATULATIONS_AT_MS);
});

test('prefers-reduced-motion: reduce: nothing moves (and it moves again without it) and the bar shows the spec figure', async () => {
  const { page, advanceTo } = await openLoading();
  const spinning = expect.arrayContaining(['div.progress-bar: animation fill', 'span.stage-mark: animation spin']);
  expect(await movingParts(page)).toEqual(spinning);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await movingParts(page)).toEqual(spinning);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let previous = { atMs: 0, progress: 0 };
  for (const stage of LOADING_STAGES) {
    await advanceTo(stage.atMs - 100);
    expect(await movingParts(page)).toEqual([]);
    expect((await sampleBar(page)).percent, `just before ${stage.atMs} ms`).toBeCloseTo(previous.progress, 0);
    await advanceTo(stage.atMs + SLACK_MS);
    await poll(async () => (await sampleBar(page)).percent, `at ${stage.atMs} ms`).toBeCloseTo(stage.progress, 0);
    previous = stage;
  }
});
