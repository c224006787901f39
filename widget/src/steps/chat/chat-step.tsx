import { MAX_CHAT_MESSAGE_CHARS } from '@franchise-ai/shared/chat';
import { useEffect, useRef } from 'preact/hooks';
import { useTexts } from '../../copy/copy-context.ts';
import { chatCopy } from '../../copy/chat-copy.ts';
import { fillCopy } from '../../copy/fill-copy.ts';
import { browserCallOffered } from '../../flow/browser-offer.ts';
import { EndingLink, HomeLink } from '../next-step-actions.tsx';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { endChat, restartChat, sendChat } from './chat-actions.ts';

// The chat by text, in its own chunk: bubbles by speaker, the agent typing, a box that keeps the
// keyboard, and the ways on (voice, Call Me, the after-chat steps). Its lines are the flow's, so
// they are there again after a browser call.

export function ChatStep({ flow }: { flow: DemoFlow }) {
  const { copy, language } = useTexts();
  const words = chatCopy(language);
  const chat = flow.state.chat!;
  const { request } = flow.state;
  const box = useRef<HTMLTextAreaElement>(null);
  const after = useRef<HTMLHeadingElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const ended = chat.status === 'ended';
  const sending = chat.status === 'sending';
  const lastLine = chat.lines[chat.lines.length - 1];
  // Only the agent's replies are announced: the greeting is read with the step, the visitor's own lines they typed.
  const announced = chat.lines.length > 1 && lastLine?.role === 'assistant' ? lastLine.text : '';

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [chat.lines.length, sending]);
  // The box goes when the chat ends: the keyboard moves to what comes next rather than to nowhere.
  useEffect(() => void (ended && after.current?.focus()), [ended]);

  const send = () => {
    void sendChat(flow);
    box.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <>
      <ol class="chat-log" ref={log} aria-label={copy.chatHeading}>
        {chat.lines.map((line, index) => (
          <li key={index} class={line.role === 'assistant' ? 'bubble agent' : 'bubble you'}>
            <span class="visually-hidden">
              {line.role === 'assistant' ? words.agent : words.you}
              {copy.labelColon}{' '}
            </span>
            {line.text}
          </li>
        ))}
        {sending && (
          <li class="bubble agent typing">
            <span class="dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span class="visually-hidden">{words.typing}</span>
          </li>
        )}
      </ol>
      <p class="visually-hidden chat-heard" aria-live="polite">
        {announced}
      </p>
      {chat.problem && (
        <p class="notice chat-problem" role="alert">
          {words.problems[chat.problem]}
        </p>
      )}
      {ended ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of next steps, not a form's fieldset
        <div class="after-chat" role="group" aria-labelledby="fad-after-chat">
          <h3 id="fad-after-chat" ref={after} tabIndex={-1}>
            {words.ended} {copy.afterCallHeading}
          </h3>
          {request?.email && chat.chatId && <p>{fillCopy(words.endedMail, { email: request.email })}</p>}
          <div class="actions">
            <EndingLink flow={flow} />
            <HomeLink flow={flow} homeUrl={flow.config.homeUrl} primary={false} />
            <button type="button" class="secondary" onClick={() => restartChat(flow)}>
              {words.newChat}
            </button>
            <VoiceActions flow={flow} label={words.switchToVoice} />
          </div>
        </div>
      ) : (
        <form
          class="chat-compose"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label for="fad-chat-message">{words.messageLabel}</label>
          <textarea
            id="fad-chat-message"
            ref={box}
            rows={2}
            maxLength={MAX_CHAT_MESSAGE_CHARS}
            aria-describedby="fad-chat-hint"
            value={chat.draft}
            onInput={(event) => flow.dispatch({ type: 'chat-typed', text: event.currentTarget.value })}
            onKeyDown={onKeyDown}
          />
          <p id="fad-chat-hint" class="hint">
            {words.messageHint}
          </p>
          <div class="actions">
            <button type="submit" class="primary" aria-disabled={sending || chat.draft.trim() === ''}>
              {words.send}
            </button>
            <VoiceActions flow={flow} label={words.switchToVoice} />
            <button type="button" class="secondary" onClick={() => endChat(flow)}>
              {words.endChat}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

/** 'Switch to voice' where a browser call can start, and 'Call Me'. */
function VoiceActions({ flow, label }: { flow: DemoFlow; label: string }) {
  const { copy } = useTexts();
  return (
    <>
      {browserCallOffered(flow.config) && (
        <button type="button" class="secondary" onClick={flow.chooseBrowser}>
          {label}
        </button>
      )}
      <button type="button" class="secondary" onClick={() => flow.dispatch({ type: 'phone-dialog-opened' })}>
        {copy.callMeTitle}
      </button>
    </>
  );
}
