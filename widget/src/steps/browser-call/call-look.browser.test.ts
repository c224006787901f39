import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { button, callStatus, clickForStatus, copy, endCall, expectAccessibleAtWidths, poll, reachBrowserCall, sendTranscript } from '#test/support/index.ts';
import { useSuite, widget } from '#test/support/index.ts';

// The live call in the look of the landing's call card: bubbles, a room never empty before the first words, one row of controls.
const suite = useSuite({ build: 'test-dist', voiceApi: true });
const WIDTHS = [320, 1280] as const;
/** The most an empty band across the panel may be, in px. */
const MOST_EMPTY = 40;

/**
 * The tallest band across the panel's content box that nothing visible crosses (text, a bubble, a button, the
 * waveform, the avatar): how much of it reads as empty.
 */
const emptiestBand = (page: Page) =>
  widget(page).evaluate((host) => {
    const panel = host.shadowRoot!.querySelector('.call-panel')!;
    const box = panel.getBoundingClientRect();
    const style = getComputedStyle(panel);
    const top = box.top + parseFloat(style.paddingTop);
    const bottom = box.bottom - parseFloat(style.paddingBottom);
    const seen = (element: Element) => getComputedStyle(element).visibility === 'visible' && element.getBoundingClientRect().height > 2;
    const spans: Array<[number, number]> = [];
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent!.trim() || !seen(node.parentElement!)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.height > 2) spans.push([rect.top, rect.bottom]);
    }
    for (const element of panel.querySelectorAll('button, .bubble, .visualiser-bars, .agent-avatar')) {
      if (seen(element)) spans.push([element.getBoundingClientRect().top, element.getBoundingClientRect().bottom]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let reached = top;
    let emptiest = 0;
    for (const [from, to] of spans) {
      emptiest = Math.max(emptiest, from - reached);
      reached = Math.max(reached, to);
    }
    return Math.round(Math.max(emptiest, bottom - reached));
  });
const panelHeight = (page: Page) =>
  widget(page)
    .locator('.call-panel')
    .evaluate((element) => element.getBoundingClientRect().height);
/** Where the room's first bubble on screen is: the pending one, or the first caption. */
const firstBubble = (page: Page) =>
  widget(page).evaluate((host) => {
    const shown = [...host.shadowRoot!.querySelectorAll('.call-room .bubble')].find((element) => getComputedStyle(element).visibility === 'visible');
    const rect = shown?.getBoundingClientRect();
    return rect && { left: rect.left, bottom: rect.bottom, height: rect.height, pending: shown!.classList.contains('typing') };
  });
const bubbleClasses = (page: Page) => widget(page).evaluate((host) => [...host.shadowRoot!.querySelectorAll('.captions > li')].map((line) => line.className));
/** The controls' boxes in the row: their vertical centres, and the call button's centre against the panel's. */
const controlRow = (page: Page) =>
  widget(page).evaluate((host) => {
    const root = host.shadowRoot!;
    const panel = root.querySelector('.call-panel')!.getBoundingClientRect();
    const call = root.querySelector('[part="call-button"]')!.getBoundingClientRect();
    const centres = [...root.querySelectorAll('.call-controls > button')].map((element) => {
      const rect = element.getBoundingClientRect();
      return Math.round(rect.top + rect.height / 2);
    });
    return { rows: new Set(centres).size, offCentre: Math.abs(Math.round(call.left + call.width / 2 - (panel.left + panel.width / 2))) };
  });
async function atWidths<T>(page: Page, read: (page: Page) => Promise<T>): Promise<T[]> {
  const values: T[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    values.push(await read(page));
  }
  return values;
}

test('before the first words no band of the panel is empty past 40 px (connecting, then live), the pending bubble gives way to the first caption where it stood, captions are bubbles by speaker with partials marked, the controls are one centred row; axe at 320 and 1280 px connecting, live and ended', async () => {
  const { page } = await suite.page({ viewport: { width: 320, height: 800 }, clock: true });
  await reachBrowserCall(page);
  expect(await atWidths(page, controlRow), 'Start Call, centred').toEqual(WIDTHS.map(() => ({ rows: 1, offCentre: 0 })));
  const release = suite.voiceApi.holdAnswers();
  await clickForStatus(page, copy.startCall, copy.statusStarting);
  const connecting = await atWidths(page, emptiestBand);
  expect(Math.max(...connecting), `connecting: ${connecting}`).toBeLessThanOrEqual(MOST_EMPTY);
  expect((await firstBubble(page))?.pending, 'a pending bubble while connecting').toBe(true);
  await expectAccessibleAtWidths(page, 'the call connecting', WIDTHS);
  release();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallStarted);
  const live = await atWidths(page, emptiestBand);
  expect(Math.max(...live), `live before the first words: ${live}`).toBeLessThanOrEqual(MOST_EMPTY);
  await expectAccessibleAtWidths(page, 'the call live before its first words', WIDTHS);
  expect(await atWidths(page, controlRow), 'Captions, End Call and Mute in one row, End Call centred').toEqual(WIDTHS.map(() => ({ rows: 1, offCentre: 0 })));
  // The first words take the pending bubble's place: same corner, same height for one line, the panel as tall.
  const [pending, heights] = [await atWidths(page, firstBubble), await atWidths(page, panelHeight)];
  await sendTranscript(page, 'assistant', 'partial', 'Hello');
  await poll(() => bubbleClasses(page)).toEqual(['bubble assistant partial']);
  expect(await atWidths(page, firstBubble)).toEqual(pending.map((bubble) => ({ ...bubble, pending: false })));
  expect(await atWidths(page, panelHeight)).toEqual(heights);
  await sendTranscript(page, 'assistant', 'final', 'Hello, this is your agent.');
  await sendTranscript(page, 'user', 'partial', 'I run');
  await poll(() => bubbleClasses(page)).toEqual(['bubble assistant', 'bubble user partial']);
  await sendTranscript(page, 'user', 'final', 'I run a gym.');
  await poll(() => bubbleClasses(page)).toEqual(['bubble assistant', 'bubble user']);
  expect(await atWidths(page, panelHeight)).toEqual(heights);
  await expectAccessibleAtWidths(page, 'the call with captions', WIDTHS);
  await endCall(page);
  expect(await button(page, copy.startCall).isEnabled()).toBe(true);
  await expectAccessibleAtWidths(page, 'the call ended', WIDTHS);
});
