import type { Page, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { button, callStatus, clickForStatus, clockFrom, copy, endCall, expectAccessibleAtWidths, fillCopy, movingParts, poll } from '#test/support/index.ts';
import { reachBrowserCall, reachCongratulations, recordedEvents, sendTranscript, startCall, useSuite, VISITOR, WEBHOOK_PATHS } from '#test/support/index.ts';
import { widget } from '#test/support/index.ts';
import { BAR_WEIGHTS, formatCallTime } from './call-visualiser.tsx';

// The browser call's panel as it changes state; the SDK turns the fake Daily's level into volume (level / 0.15, capped at 1; speaking above 0.01).
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
const HEIGHT_WIDTHS = [320, 1280] as const;
/** The pending bubble's three dots, there until the first words. */
const TYPING = Array(3).fill('span: animation bubble-typing');

test('at 320 and 1280 px, the panel keeps its height from Assistant ready through Starting call... to a running call; the bars follow the assistant’s voice, speaking and listening differ in shape, axe finds nothing during the call at 320, 375 and 1280 px; with prefers-reduced-motion connecting and speaking still show and nothing moves; after an ended call, Error occurred has the failure look without its time', async () => {
  const { page } = await suite.page({ viewport: { width: 320, height: 800 }, clock: true });
  await reachBrowserCall(page);
  const ready = await heightsAt(page, HEIGHT_WIDTHS);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const idle = await shape(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const releaseWebCall = suite.voiceApi.holdAnswers();
  await clickForStatus(page, copy.startCall, copy.statusStarting);
  expect(await heightsAt(page, HEIGHT_WIDTHS), 'while the call starts').toEqual(ready);
  // Starting: the dots wave and the pending bubble's dots type, unless motion is reduced: then a still shape of its own, not the idle dots in another colour.
  expect(await movingParts(page)).toEqual([...Array(BAR_WEIGHTS.length).fill('span: animation wave'), ...TYPING]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
  expect(await shape(page)).not.toEqual(idle);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  releaseWebCall();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallStarted);
  await timer(page).waitFor();
  expect(await heightsAt(page, HEIGHT_WIDTHS), 'with the call running and its timer shown').toEqual(ready);
  await expectAccessibleAtWidths(page, 'an active call', AXE_WIDTHS);
  // Listening (the assistant has not spoken yet): round dots, all the same, not filled.
  const listening = await bars(page);
  expect(listening.filled).toBe(false);
  expect(new Set([...listening.heights, ...listening.widths]).size).toBe(1);
  // The assistant speaks: filled bars, taller than wide, the middle one tallest, following the level.
  await setLevel(page, QUIET);
  await poll(() => callStatus(page).innerText()).toBe(copy.statusSpeaking);
  await poll(() => middle(page)).toBeGreaterThan(listening.heights[TALLEST]!);
  const quiet = await middle(page);
  // With motion the bars follow the level smoothly; with reduced motion a louder voice reaches the visualiser and changes nothing drawn.
  expect(await movingParts(page)).toEqual([
    'span.agent-avatar::after: animation ring',
    ...Array(BAR_WEIGHTS.length).fill('span: transition height'),
    ...TYPING,
  ]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
  const still = await bars(page);
  expect(still.filled).toBe(true);
  expect(still.heights).not.toEqual(listening.heights);
  const level = () =>
    widget(page)
      .locator('.visualiser-bars')
      .evaluate((element) => (element as HTMLElement).style.getPropertyValue('--_level'));
  const quietLevel = await level();
  expect(Number(quietLevel)).toBeGreaterThan(0);
  await setLevel(page, LOUD);
  await poll(level).not.toBe(quietLevel);
  expect(await bars(page)).toEqual(still);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await poll(() => middle(page), 'louder, taller').toBeGreaterThan(quiet * 2);
  const loud = await bars(page);
  expect(loud.filled).toBe(true);
  expect(Math.max(...loud.heights)).toBe(loud.heights[TALLEST]);
  expect(loud.heights.every((height, index) => height > loud.widths[index]!)).toBe(true);
  await expectAccessibleAtWidths(page, 'the assistant speaking', AXE_WIDTHS);
  expect(await button(page, copy.endCall).isEnabled()).toBe(true);
  await setLevel(page, QUIET);
  await poll(() => middle(page), 'quieter, shorter').toBeLessThan(loud.heights[TALLEST]! / 2);
  // Silence: the SDK ends the speech, and the dots come back.
  await setLevel(page, 0);
  await poll(() => callStatus(page).innerText()).toBe(copy.statusListening);
  await poll(() => bars(page)).toEqual(listening);
  // 'Error occurred' after an earlier call: the failure look, without the earlier call's time.
  const error = await themeColour(page, '--_night-error');
  await endCall(page);
  expect((await look(page)).timerShown, "the ended call's length shows").toBe(true);
  await page.evaluate(() => (window.__fakeDaily!.failNextJoin = 'Meeting not found'));
  await clickForStatus(page, copy.startCall, copy.statusError);
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
  await clickForStatus(page, copy.browserButton, copy.statusGettingAssistant);
  await poll(() => held !== undefined).toBe(true);
  // The dots of 'Starting call...' (they wave), in the frame of a call not yet connected.
  expect(await look(page)).toEqual({ mode: 'connecting', ring: line, status: text, timerShown: false });
  await held!.continue();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
  expect((await look(page)).mode).toBe('idle');
  // The agent's monogram (hidden from screen readers), "{Company} AI agent" and the status above the waveform, on the night panel's own colour.
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
  await clickForStatus(failing.page, copy.browserButton, copy.statusAssistantError);
  expect(await look(failing.page)).toEqual({ mode: 'error', ring: error, status: error, timerShown: false });
});
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
/** axe and overflow at the narrowest supported width, a phone's and a desktop's; the page is left at the last. */
const AXE_WIDTHS = [320, 375, 1280];

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

const captions = (page: Page) => widget(page).getByRole('list', { name: copy.captionsLabel });
/** The caption lines, each with its speaker (visually hidden: the bubble's side shows it), a line still in progress marked with `…`. */
const captionLines = (page: Page) =>
  widget(page).evaluate((host) =>
    [...host.shadowRoot!.querySelectorAll('.captions > li')].map((line) => `${line.textContent}${line.classList.contains('partial') ? '…' : ''}`),
  );
/** What the polite live region holds: what screen readers were last told. */
const heard = (page: Page) => widget(page).locator('.captions-heard').innerText();
const pressed = (page: Page, name: string) => button(page, name).getAttribute('aria-pressed');
const localAudio = (page: Page) => page.evaluate(() => window.__fakeDaily!.log.localAudio);
const expectNoViolations = (page: Page, where: string) => expectAccessibleAtWidths(page, where, [320, 1280]);

test('captions by speaker (a partial replaced by its final, finals announced), the Captions toggle, Mute; axe at 320 and 1280 px; the timer counts mm:ss from the call start, is not a live region, and keeps the call length after it', async () => {
  const { page } = await suite.page({ viewport: { width: 1280, height: 800 }, clock: true });
  await reachBrowserCall(page);
  expect(await timer(page).count()).toBe(0); // no call yet
  // Before the call: neither toggle shows (their row keeps its room, hidden).
  expect(await widget(page).getByRole('button', { name: copy.captionsToggle }).count()).toBe(0);
  await startCall(page);
  expect(await pressed(page, copy.captionsToggle)).toBe('true');
  expect(await pressed(page, copy.mute)).toBe('false');
  await sendTranscript(page, 'assistant', 'partial', 'Hello, this is');
  await poll(() => captionLines(page)).toEqual([`${copy.captionAgent}: Hello, this is…`]);
  expect(await heard(page), 'a partial is not announced').toBe('');
  await sendTranscript(page, 'assistant', 'final', 'Hello, this is your agent.');
  await sendTranscript(page, 'user', 'partial', 'I run');
  await poll(() => captionLines(page)).toEqual([`${copy.captionAgent}: Hello, this is your agent.`, `${copy.captionYou}: I run…`]);
  expect(await heard(page)).toBe(`${copy.captionAgent}: Hello, this is your agent.`);
  await sendTranscript(page, 'user', 'final', 'I run a gym with a very long name that wraps at narrow widths, Supercalifragilisticexpialidocious Fitness.');
  await poll(() => heard(page)).toContain(`${copy.captionYou}: I run a gym`);
  expect(await captionLines(page)).toHaveLength(2);
  await expectNoViolations(page, 'with captions');
  // Captions off: the lines and the announcements go; on again, they are back.
  await button(page, copy.captionsToggle).click();
  expect(await pressed(page, copy.captionsToggle)).toBe('false');
  expect(await captions(page).count()).toBe(0);
  expect(await heard(page)).toBe('');
  await button(page, copy.captionsToggle).click();
  expect(await pressed(page, copy.captionsToggle)).toBe('true');
  expect(await captionLines(page)).toHaveLength(2);
  // Mute: one name, its state in aria-pressed (no 'Unmute' label read with "pressed"); Daily's local audio off, said on screen and politely.
  await button(page, copy.mute).click();
  await poll(() => localAudio(page)).toEqual([false]);
  expect(await pressed(page, copy.mute)).toBe('true');
  expect(await button(page, copy.mute).innerText()).toBe(copy.mute);
  const mutedLine = widget(page).locator('.call-muted');
  expect(await mutedLine.getAttribute('aria-live')).toBe('polite');
  expect(await mutedLine.innerText()).toBe(copy.microphoneMuted);
  expect(await callStatus(page).innerText(), 'the call goes on').toBe(copy.statusCallStarted);
  await expectNoViolations(page, 'muted');
  await button(page, copy.mute).click();
  await poll(() => localAudio(page)).toEqual([false, true]);
  expect(await pressed(page, copy.mute)).toBe('false');
  expect(await mutedLine.innerText()).toBe('');
  // Captions off is remembered for the page: the next call starts without them, and with a clean slate.
  await button(page, copy.captionsToggle).click();
  await endCall(page);
  await startCall(page);
  expect(await pressed(page, copy.captionsToggle)).toBe('false');
  await button(page, copy.captionsToggle).click();
  expect(await captionLines(page), "the last call's lines went when this one was asked for").toEqual([]);
  // The main thread held 300 ms right after the start renders the widget late: the timer still counts from the start (CI's load once made it lag 50 ms).
  await page.evaluate((busyMs) => {
    const hold = () => {
      const until = Date.now() + busyMs;
      while (Date.now() < until);
    };
    document.addEventListener('franchise-ai-demo-call-start', hold, { once: true });
  }, 300);
  await endCall(page);
  await startCall(page);
  const started = (await recordedEvents(page, 'call-start')).at(-1);
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
  await endCall(page);
  await advanceTo(80_000);
  expect(await timer(page).innerText()).toBe(formatCallTime(65_000));
  await page.clock.resume();
});
