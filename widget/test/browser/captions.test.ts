import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { callStatus, reachBrowserCall, sendTranscript, startCall } from '../support/browser-call.ts';
import { expectAccessibleAtWidths } from '../support/accessible-at-widths.ts';
import { useSuite } from '../support/suite.ts';

// The browser call's live captions and Mute (the fake Daily's app messages carry the transcripts as
// Vapi's server sends them).
const suite = useSuite({ build: 'test-dist', voiceApi: true });

const captions = (page: Page) => widget(page).getByRole('list', { name: copy.captionsLabel });
/** The caption lines as shown, a line still in progress marked with `…`. */
const captionLines = (page: Page) =>
  widget(page).evaluate((host) =>
    [...host.shadowRoot!.querySelectorAll('.captions > li')].map(
      (line) => `${(line as HTMLElement).innerText}${line.classList.contains('partial') ? '…' : ''}`,
    ),
  );
/** What the polite live region holds: what screen readers were last told. */
const heard = (page: Page) => widget(page).locator('.captions-heard').innerText();
const pressed = (page: Page, name: string) => button(page, name).getAttribute('aria-pressed');
const localAudio = (page: Page) => page.evaluate(() => window.__fakeDaily!.log.localAudio);

const expectNoViolations = (page: Page, where: string) => expectAccessibleAtWidths(page, where, [320, 1280]);

test('captions by speaker (a partial replaced by its final, finals announced), the Captions toggle, Mute; axe at 320 and 1280 px', async () => {
  const { page } = await suite.page({ viewport: { width: 1280, height: 800 }, clock: true });
  await reachBrowserCall(page);
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
  // Mute: the SDK turns Daily's local audio off, and the widget says so, on screen and politely.
  // A toggle: one name, 'Mute', its state in aria-pressed (no 'Unmute' label read with "pressed").
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
  await button(page, copy.endCall).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallEnded);
  await startCall(page);
  expect(await pressed(page, copy.captionsToggle)).toBe('false');
  await button(page, copy.captionsToggle).click();
  expect(await captionLines(page), "the last call's lines went when this one was asked for").toEqual([]);
});
