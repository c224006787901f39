import { OFFERINGS_BY_LANGUAGE } from '@franchise-ai/shared/offerings';
import { useEffect, useState } from 'preact/hooks';
import { fillCopy } from '../../copy/fill-copy.ts';
import { secondsLeft, type FirstWords } from '../../flow/agent-assembly.ts';
import { siteName } from '../../flow/profile-poll.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { AgentAvatar } from '../congratulations/agent-details.tsx';
import { useCopy, useTexts } from '../../copy/copy-context.ts';

// The visitor's agent being put together: screen readers get each change once; reduced motion shows the words whole.

export function AgentCard({ flow }: { flow: DemoFlow }) {
  const { copy, language } = useTexts();
  const { request, loadingStage } = flow.state;
  if (!request) return null;
  const website = request.website?.trim() ? siteName(request.website) : null;
  return (
    <section class="agent-card" aria-label={copy.assemblyLabel}>
      <div class="assembly-who">
        <AgentAvatar company={request.company} />
        <p>
          <strong class="agent-company">{request.company}</strong>
          {website && <span class="agent-site">{website}</span>}
        </p>
      </div>
      <ul class="offerings" aria-label={copy.assemblyOfferingsLabel}>
        {OFFERINGS_BY_LANGUAGE[language][request.businessType].map((offering, index) => (
          <li key={offering} class={index < loadingStage ? 'done' : undefined}>
            <span class="offering-mark" aria-hidden="true">
              {index < loadingStage ? '✓' : ''}
            </span>
            {offering}
            {index < loadingStage && <span class="visually-hidden"> ({copy.loadingStageDone})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "12 s left", counted from when the wait began (a restored wait from its real start). Not a live region: it would speak every second. */
export function SecondsLeft({ startedAt }: { startedAt: number }) {
  const copy = useCopy();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <p class="seconds-left">{fillCopy(copy.secondsLeft, { seconds: String(secondsLeft(startedAt, now)) })}</p>;
}

/** Milliseconds per character typed: a 250-character line takes about 7 s, well inside the wait. */
const TYPE_MS = 28;

const reducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function useTyped(text: string): number {
  const [typed, setTyped] = useState(() => (reducedMotion() ? text.length : 0));
  useEffect(() => {
    if (reducedMotion()) return setTyped(text.length);
    setTyped(0);
    const timer = setInterval(() => setTyped((count) => (count + 1 >= text.length ? (clearInterval(timer), text.length) : count + 1)), TYPE_MS);
    return () => clearInterval(timer);
  }, [text]);
  return typed;
}

/** The agent's first words: an invisible copy keeps the line's room, so nothing moves as it is typed; read once, whole. */
export function FirstWordsView({ words }: { words: FirstWords }) {
  const copy = useCopy();
  if (words.state === 'none') return null;
  const line = words.state === 'line' ? words.line : '';
  return (
    <section class="first-words" aria-labelledby="fad-first-words">
      <h3 id="fad-first-words">{copy.firstWordsHeading}</h3>
      <div aria-live="polite">{words.state === 'waiting' ? <p class="first-words-note">{copy.firstWordsWaiting}</p> : <TypedLine line={line} />}</div>
    </section>
  );
}

function TypedLine({ line }: { line: string }) {
  const typed = useTyped(line);
  return (
    <blockquote class="typed">
      <p class="visually-hidden">{line}</p>
      <p class="typed-room" aria-hidden="true">
        {line}
      </p>
      <p class="typed-text" aria-hidden="true">
        {line.slice(0, typed)}
        {typed < line.length && <span class="caret" />}
      </p>
    </blockquote>
  );
}
