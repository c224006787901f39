import type { Page, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { poll } from '@franchise-ai/test-support/poll';
import { button, reachCongratulations, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy, fillCopy } from '../../src/copy.ts';
import { callStatus, reachBrowserCall } from '../support/browser-call.ts';
import { useSuite } from '../support/suite.ts';

// The browser call's panel (browser-call-step.tsx, call-visualiser.tsx) as it changes state: it
// keeps its height when a call starts, so nothing below it moves; it looks like work while the
// assistant is fetched and like a failure when that or a call fails; and it says who the visitor
// is talking to. visualiser.test.ts has the voice's bars and the timer's counting.
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: { main: {}, assistantFails: { FAIL: 'website_demo_call:500' } } });

const panel = (page: Page) => widget(page).locator('.call-panel');
const panelHeight = (page: Page) => panel(page).evaluate((element) => element.getBoundingClientRect().height);
const timer = (page: Page) => widget(page).getByRole('timer', { name: copy.callTimerLabel });

/** A colour of the widget's theme (a --_* property of styles.css) as the browser computes it. */
const themeColour = (page: Page, property: string) =>
  widget(page).evaluate((host, name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    host.shadowRoot!.querySelector('.root')!.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);

/** How the panel looks: the visualiser's mode (its class), its ring's colour, the status line's colour, whether the timer shows. */
const look = (page: Page) =>
  panel(page).evaluate((element) => {
    const bars = element.querySelector('.visualiser-bars')!;
    const timer = element.querySelector('.call-timer');
    return {
      mode: [...bars.classList].find((name) => name !== 'visualiser-bars'),
      // The frame is the waveform's inset box-shadow: `rgb(...) 0px 0px 0px 1px inset`.
      ring: getComputedStyle(bars).boxShadow.match(/^rgba?\([^)]*\)/)?.[0],
      status: getComputedStyle(element.querySelector('.call-status')!).color,
      timerShown: timer !== null && getComputedStyle(timer).visibility === 'visible',
    };
  });

/** The panel's height at each width, the page resized in place (the panel follows the widget's width). */
async function heightsAt(page: Page, widths: readonly number[]): Promise<number[]> {
  const heights: number[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    heights.push(await panelHeight(page));
  }
  return heights;
}
const WIDTHS = [320, 1280] as const;

test('at 320 and 1280 px, the panel keeps its height from Assistant ready through Starting call... to a running call; after an ended call, Error occurred has the failure look without its time', async () => {
  const { page } = await suite.page({ viewport: { width: 320, height: 800 }, clock: true });
  await reachBrowserCall(page);
  const ready = await heightsAt(page, WIDTHS);
  const releaseWebCall = suite.voiceApi.holdAnswers();
  await button(page, copy.startCall).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusStarting);
  expect(await heightsAt(page, WIDTHS), 'while the call starts').toEqual(ready);
  releaseWebCall();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallStarted);
  await timer(page).waitFor();
  expect(await heightsAt(page, WIDTHS), 'with the call running and its timer shown').toEqual(ready);
  // 'Error occurred' after an earlier call: the failure look, without the earlier call's time.
  const error = await themeColour(page, '--_night-error');
  await button(page, copy.endCall).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallEnded);
  expect((await look(page)).timerShown, "the ended call's length shows").toBe(true);
  await page.evaluate(() => (window.__fakeDaily!.failNextJoin = 'Meeting not found'));
  await button(page, copy.startCall).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusError);
  expect(await look(page)).toEqual({ mode: 'error', ring: error, status: error, timerShown: false });
  expect(await timer(page).count()).toBe(0);
});

test("'Getting assistant ready...' looks like work, then the panel says who the visitor talks to; 'Error getting assistant' looks like a failure, in red", async () => {
  let held: Route | undefined;
  const { page } = await suite.page({
    clock: true,
    beforeLoad: async (tab) => void (await tab.route(`**${WEBHOOK_PATHS.websiteDemoCall}`, (route) => void (held = route))),
  });
  // The night panel's own colours (later-steps.css): its frame, its failure red, its muted text.
  await reachCongratulations(page);
  // (Read once the later steps' styles, which define them, are in.)
  const [line, error, text] = await Promise.all(['--_night-line', '--_night-error', '--_on-night-muted'].map((name) => themeColour(page, name)));
  expect(error).not.toBe(text);
  expect(line).not.toBe(error);
  await button(page, copy.browserButton).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusGettingAssistant);
  await poll(() => held !== undefined).toBe(true);
  // The dots of 'Starting call...' (they wave), in the frame of a call not yet connected.
  expect(await look(page)).toEqual({ mode: 'connecting', ring: line, status: text, timerShown: false });
  await held!.continue();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
  expect((await look(page)).mode).toBe('idle');
  // Who the visitor talks to: the agent's monogram, hidden from screen readers, "{Company} AI agent"
  // and the status, above the waveform, on the night panel (its own colour, not the theme's surface).
  const agent = panel(page).locator('.call-agent');
  expect(await agent.locator('.agent-avatar').innerText()).toBe('AB');
  expect(await agent.locator('.agent-avatar').getAttribute('aria-hidden')).toBe('true');
  expect(await agent.locator('.call-name').innerText()).toBe(fillCopy(copy.callAgentName, { company: VISITOR.company }));
  expect(await agent.getByRole('status').innerText()).toBe(copy.statusAssistantReady);
  const [agentBox, waveBox] = await Promise.all([agent.boundingBox(), panel(page).locator('.visualiser-bars').boundingBox()]);
  expect(agentBox!.y + agentBox!.height).toBeLessThanOrEqual(waveBox!.y);
  expect(await panel(page).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(11, 16, 38)');
  const failing = await suite.page({ webhookBase: suite.host('assistantFails').webhookBase, clock: true });
  await reachCongratulations(failing.page);
  await button(failing.page, copy.browserButton).click();
  await poll(() => callStatus(failing.page).innerText()).toBe(copy.statusAssistantError);
  expect(await look(failing.page)).toEqual({ mode: 'error', ring: error, status: error, timerShown: false });
});
