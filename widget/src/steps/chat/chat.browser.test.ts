import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { chatGreeting, MAX_CHAT_TURNS } from '@franchise-ai/shared/chat';
import type { Lead } from '@franchise-ai/shared/request-body';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { chatCopy } from '../../copy/chat-copy.ts';
import { frenchCopy } from '../../copy/french-copy.ts';
import {
  button,
  callStatus,
  chatIdOf,
  chatStub,
  clickForStatus,
  copy,
  dataStep,
  deferred,
  DEMO_ID,
  endCall,
  expectAccessibleAtWidths,
} from '#test/support/index.ts';
import { focusedText, FROM, heading, movingParts, poll, recordedEvents, refuseMicrophone, replyTo } from '#test/support/index.ts';
import { CONGRATULATIONS_AT_MS, fillForm, startCall, useStubHost, useSuite, VISITOR, WEBHOOK_PATHS, widget, type Texts } from '#test/support/index.ts';

// The chat by text against a stub host that keeps shared/src/chat.ts's contract (test/support/chat-host.ts).
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: {} });
const stub = chatStub();
const host = useStubHost(stub.answer);
beforeEach(() => stub.reset());

const en = chatCopy('en');
const openPage = (lang = 'en') => suite.page({ webhookBase: host.host.webhookBase, clock: true, lang });
const chatCard = (page: Page, texts: Texts = copy) => widget(page).getByRole('article', { name: texts.chatTitle });
const box = (page: Page, words = en) => widget(page).getByRole('textbox', { name: words.messageLabel, exact: true });
const bubbles = (page: Page) => widget(page).locator('.chat-log > li:not(.typing)').allInnerTexts();
/** The greeting the host's chat assistant was given (shared/src/chat.ts), for this visitor. */
const greeting = (language: 'en' | 'fr' = 'en') => chatGreeting({ ...VISITOR, language } as Lead, { companyName: FROM, recordCalls: false });
/** A bubble's words without the speaker its hidden label names. */
const spoken = (line: string) => line.replace(/^(You|Your agent|Vous|Votre agent)\s*:\s*/, '');
const boxFocused = (page: Page) => box(page).evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement);
const messages = () => stub.seen.filter((seen) => seen.kind === 'message');
/** Types `text` and presses Enter, until its reply is shown. */
async function say(page: Page, text: string): Promise<void> {
  const turn = messages().length + 1;
  await box(page).fill(text);
  await box(page).press('Enter');
  await poll(async () => (await bubbles(page)).at(-1)).toContain(replyTo(turn, text));
}
/** Form → loading → congratulations, once the page has the host's answer to the chat probe (asked during the wait, which the clock skips). */
async function reachCongratulations(page: Page, input = VISITOR, texts: Texts = copy): Promise<void> {
  const probe = page.waitForResponse((response) => response.url().endsWith(WEBHOOK_PATHS.chatMessage));
  await fillForm(page, input, texts);
  await button(page, texts.submit).click();
  await (await probe).finished();
  await page.evaluate(() => 0); // a task later: the answer has been read
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, texts.readyHeading).waitFor();
}
async function openChat(page: Page, texts: Texts = copy): Promise<void> {
  await chatCard(page, texts).getByRole('button', { name: texts.chatButton }).click();
  await heading(page, texts.chatHeading).waitFor();
  await box(page, texts === copy ? en : chatCopy('fr')).waitFor();
}

describe("'Chat With It'", () => {
  test('shown beside the two cards when the host chats, it opens the chat greeted as the host greets; three messages get their replies in order, each after the first with the chat id answered before; Enter sends, Shift+Enter adds a line, an empty box sends nothing; the keyboard stays in the box; only the replies are announced', async () => {
    const { page, consoleErrors, pageErrors } = await openPage();
    await reachCongratulations(page);
    expect(await widget(page).locator('.cards.options').first().getByRole('article').count()).toBe(3);
    expect(stub.seen).toEqual([{ kind: 'open', demoId: DEMO_ID }]);
    await expectAccessibleAtWidths(page, 'congratulations with the chat card', [320, 1280]);
    await openChat(page);
    expect(await dataStep(page)).toBe('chat');
    expect((await recordedEvents(page, 'step')).at(-1)?.detail).toEqual({ step: 'chat' });
    expect((await bubbles(page)).map((line) => spoken(line))).toEqual([greeting()]);
    await expectAccessibleAtWidths(page, 'the chat, greeted', [320, 1280]);
    // By keyboard: from the heading, the box; an empty Enter sends nothing.
    expect(await focusedText(page)).toBe(copy.chatHeading);
    await page.keyboard.press('Tab');
    expect(await boxFocused(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Two lines,');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('one message');
    expect(await box(page).inputValue()).toBe('Two lines,\none message');
    expect(messages()).toEqual([]);
    stub.held = deferred<void>();
    await page.keyboard.press('Enter');
    await widget(page).locator('.typing').waitFor();
    expect(await box(page).inputValue()).toBe('');
    await expectAccessibleAtWidths(page, 'the chat, the agent typing', [320, 1280]);
    stub.held.resolve();
    stub.held = null;
    await poll(async () => (await bubbles(page)).length).toBe(3);
    await say(page, 'What does a franchise cost?');
    await say(page, 'And the territory?');
    expect((await bubbles(page)).map((line) => spoken(line))).toEqual([
      greeting(),
      'Two lines,\none message',
      replyTo(1, 'Two lines,\none message'),
      'What does a franchise cost?',
      replyTo(2, 'What does a franchise cost?'),
      'And the territory?',
      replyTo(3, 'And the territory?'),
    ]);
    expect(messages().map((seen) => seen.kind === 'message' && seen.chatId)).toEqual([null, chatIdOf(1), chatIdOf(2)]);
    expect(await boxFocused(page)).toBe(true);
    expect(await widget(page).locator('.chat-heard').innerText()).toBe(replyTo(3, 'And the territory?'));
    expect([consoleErrors, pageErrors]).toEqual([[], []]);
  });

  test('not shown, silently, when chat_message is 404; an answer that comes after the step is shown moves none of the cards', async () => {
    stub.off = true;
    const asked = () => host.host.requests.filter((request) => request.path.endsWith('/chat_message')).length;
    const before = asked();
    const off = await openPage();
    await reachCongratulations(off.page);
    await poll(asked).toBe(before + 1);
    expect(await chatCard(off.page).count()).toBe(0);
    expect(off.consoleErrors).toEqual([]); // Chromium's own line for the 404 aside (test-support/src/browser-suite.ts)
    expect(off.consoleWarnings.filter((text) => text.includes('[franchise-ai-demo]'))).toEqual([]);
    // A reload on congratulations asks again there, and this answer comes after the cards are shown.
    stub.off = false;
    const { page } = await openPage();
    await reachCongratulations(page);
    stub.held = deferred<void>();
    await page.reload();
    await poll(asked).toBe(before + 3);
    expect(await chatCard(page).count()).toBe(0);
    const boxes = () =>
      widget(page)
        .locator('.option')
        .evaluateAll((cards) => cards.map((card) => JSON.stringify(card.getBoundingClientRect())));
    const shown = await boxes();
    await page.evaluate(() => {
      (window as { shifted?: number }).shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as { shifted?: number }).shifted! += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift' });
    });
    stub.held.resolve();
    await chatCard(page).waitFor();
    expect((await boxes()).slice(0, 2)).toEqual(shown);
    expect(await page.evaluate(() => (window as { shifted?: number }).shifted)).toBe(0);
  });
});

describe('the chat', () => {
  test("'Switch to voice' starts the browser call, and back in text the lines are there; 'Chat instead' on a refused microphone opens it too", async () => {
    const { page } = await openPage();
    await reachCongratulations(page);
    await openChat(page);
    await say(page, 'Hello');
    await button(page, en.switchToVoice).click();
    await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
    await page.waitForFunction(() => window.__fakeDaily !== undefined);
    await startCall(page);
    await endCall(page);
    await button(page, copy.chatInstead).click();
    await heading(page, copy.chatHeading).waitFor();
    expect((await bubbles(page)).map((line) => spoken(line))).toEqual([greeting(), 'Hello', replyTo(1, 'Hello')]);
    await say(page, 'Still there?');
    expect(messages().at(-1)).toMatchObject({ chatId: chatIdOf(1) });
    // A browser call that cannot start offers the chat.
    await button(page, en.switchToVoice).click();
    await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
    await refuseMicrophone(page);
    await clickForStatus(page, copy.startCall, copy.statusError);
    const notice = widget(page).getByRole('alert').filter({ hasText: copy.microphoneBlocked });
    await notice.getByRole('button', { name: copy.chatInstead }).click();
    await heading(page, copy.chatHeading).waitFor();
    expect(await bubbles(page)).toHaveLength(5);
  });

  test('a refusal says why in words of its own, keeps the message in the box, and the same message sent again gets its reply; End chat closes it and offers the next steps; an agent that says goodbye ends it; a chat the host ended says so, with a new one to start', async () => {
    const { page, consoleErrors } = await openPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await reachCongratulations(page);
    await openChat(page);
    const problem = widget(page).locator('.chat-problem');
    for (const [status, body, words] of [
      [429, { error: 'Too many requests from your address.', code: 'client', retryAfterSeconds: 30 }, en.problems.busy],
      [429, { error: 'turns', code: 'turns' }, en.problems.turns],
      [502, { error: 'The agent did not answer.', code: 'provider' }, en.problems.failed],
    ] as const) {
      stub.refuseNext = { status, body };
      await box(page).fill('Is it open?');
      await box(page).press('Enter');
      await poll(() => problem.innerText()).toBe(words);
      expect(await box(page).inputValue()).toBe('Is it open?');
      expect(await bubbles(page)).toHaveLength(1);
    }
    await expectAccessibleAtWidths(page, 'the chat with a refusal', [320, 1280]);
    await box(page).press('Enter');
    await poll(async () => (await bubbles(page)).at(-1)).toContain(replyTo(4, 'Is it open?'));
    expect(await problem.count()).toBe(0);
    stub.held = deferred<void>();
    await box(page).fill('Slowly');
    await box(page).press('Enter');
    await widget(page).locator('.typing').waitFor();
    expect(await movingParts(page)).toEqual([]);
    stub.held.resolve();
    stub.held = null;
    await poll(async () => (await bubbles(page)).length).toBe(5);
    await button(page, en.endChat).focus();
    await page.keyboard.press('Enter');
    await poll(() => stub.seen.at(-1)).toEqual({ kind: 'end', demoId: DEMO_ID, chatId: chatIdOf(5) });
    const after = widget(page).getByRole('group', { name: `${en.ended} ${copy.afterCallHeading}` });
    await after.waitFor();
    expect(await focusedText(page)).toBe(`${en.ended} ${copy.afterCallHeading}`);
    await expectAccessibleAtWidths(page, 'after the chat', [320, 1280]);
    // A new chat; the agent's goodbye ends it.
    await after.getByRole('button', { name: en.newChat }).click();
    expect(await bubbles(page)).toHaveLength(1);
    stub.goodbyeAt = 6;
    await box(page).fill('Bye');
    await box(page).press('Enter');
    await after.waitFor();
    expect(messages().at(-1)).toMatchObject({ chatId: null });
    // A chat the host has ended (409): said, and a new one can start.
    await after.getByRole('button', { name: en.newChat }).click();
    stub.refuseNext = { status: 409, body: { error: 'This chat has ended.', code: 'chatEnded' } };
    await box(page).fill('Again?');
    await box(page).press('Enter');
    await poll(() => problem.innerText()).toBe(en.problems.ended);
    await after.getByRole('button', { name: en.newChat }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  test(`French: the card, the greeting and the chat's words in French (${MAX_CHAT_TURNS} messages a demo, the host's rule)`, async () => {
    const { page } = await openPage('fr');
    const fr = chatCopy('fr');
    await reachCongratulations(page, VISITOR, frenchCopy);
    await openChat(page, frenchCopy);
    expect((await bubbles(page)).map((line) => spoken(line))).toEqual([greeting('fr')]);
    expect(await widget(page).getByRole('button', { name: fr.send }).count()).toBe(1);
    await box(page, fr).fill('Bonjour');
    await box(page, fr).press('Enter');
    await poll(async () => (await bubbles(page)).length).toBe(3);
    await expectAccessibleAtWidths(page, 'the French chat', [320]);
  });
});

describe('against the stand-in, which chats through the fake voice API', () => {
  const standIn = useHost(() => ({ env: { RATE_LIMIT: 'off', VAPI_API_BASE: suite.voiceApi.url, VAPI_PRIVATE_KEY: 'sk_test_chat' } }));
  test.each(['en', 'fr'] as const)(
    '%s: greeted with the words the host gave its chat assistant; three messages reach POST /chat three times, each after the first with the previous chat id, and each reply shows',
    async (language) => {
      const texts = language === 'fr' ? frenchCopy : copy;
      const { page, consoleErrors } = await suite.page({ webhookBase: standIn.webhookBase, clock: true, lang: language });
      await reachCongratulations(page, VISITOR, texts);
      await openChat(page, texts);
      const words = chatCopy(language);
      for (const [turn, text] of ['Hello', 'How much?', 'Thanks'].entries()) {
        await box(page, words).fill(text);
        await box(page, words).press('Enter');
        await poll(async () => (await bubbles(page)).length).toBe(3 + 2 * turn);
        expect((await bubbles(page)).at(-1)).toContain(language === 'fr' ? `Bien reçu (${turn + 1})` : `You said (${turn + 1}): "${text}"`);
      }
      const bodies = suite.voiceApi
        .chatRequests()
        .map((request) => request.body as { input: string; previousChatId?: string; assistant: { model: { messages: Array<{ content: string }> } } });
      // The greeting shown is the one the host's chat assistant was given as its first words.
      expect(spoken((await bubbles(page))[0]!)).toBe(bodies[0]!.assistant.model.messages[1]!.content);
      expect(bodies.map((body) => body.input)).toEqual(['Hello', 'How much?', 'Thanks']);
      expect([bodies[0]!.previousChatId, typeof bodies[1]!.previousChatId, typeof bodies[2]!.previousChatId]).toEqual([undefined, 'string', 'string']);
      expect(consoleErrors).toEqual([]);
    },
  );
});
