import { browserCallRetry, isCallActive } from '../../flow/reducer.ts';
import { browserCallNotice, browserCallStatus, callButton } from '../../flow/call-view.ts';
import { fillCopy, type CopyKey } from '../../copy/copy.ts';
import { browserCallDisclosure } from '../../flow/call-disclosure.ts';
import { afterCallOffer, summaryMailed, type NextStepChoice } from '../../flow/next-step.ts';
import { EndingLink, HomeLink } from '../next-step-actions.tsx';
import { emit } from '../../first-render/element/events.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { AgentAvatar } from '../congratulations/agent-details.tsx';
import { CallTimer, CallVisualiser, visualiserMode } from './call-visualiser.tsx';
import { CallCaptions, useCaptionsShown } from './call-captions.tsx';
import { CallControls } from './call-controls.tsx';
import { BookedMeeting } from '../booking/booked-meeting.tsx';
import { useCopy } from '../../copy/copy-context.ts';

const PROMPTS = [1, 2, 3] as const;

/** The browser call, in the look of the hero's call card: one room holds what comes before a call, then its captions. */
export function BrowserCallStep({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const { state } = flow;
  const button = callButton(state);
  const active = isCallActive(state);
  const connected = state.callStatus === 'active';
  const notice = browserCallNotice(state);
  const retryAssistant = browserCallRetry(state) === 'fetch-assistant';
  const mode = visualiserMode(state);
  const failed = mode === 'error';
  const company = state.request?.company ?? '';
  const businessType = state.request?.businessType ?? state.form.businessType;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstAction = useRef<HTMLButtonElement>(null);
  const [prompt, setPrompt] = useState<number | null>(null);
  const [shown, toggleCaptions] = useCaptionsShown();
  // Before the first words, the room says who answers and, once the call is asked for, the agent's pending bubble; the
  // captions then take it (and keep the last call's lines after it).
  const beforeWords = !shown || !state.captions?.length;
  const pending = shown && (connected || state.callStatus === 'starting');
  const offer = afterCallOffer(state, flow.config);

  // A notice that appears while the keyboard is nowhere (the pressed button went disabled) takes it to its first way on.
  useEffect(() => {
    const root = heading.current?.getRootNode() as ShadowRoot | undefined;
    const focused = root?.activeElement as HTMLButtonElement | null | undefined;
    if (notice && (!focused || focused.disabled)) firstAction.current?.focus();
  }, [notice]);

  const retry = () => {
    // The notice and its button go while the assistant is fetched again: the keyboard waits on the heading.
    heading.current?.focus();
    flow.retryAssistant();
  };
  /** A next step the visitor chose, told to the page (and its data layer) before it happens. */
  const chose = (choice: NextStepChoice) => emit(flow.host, 'franchise-ai-demo-next-step', { choice, step: 'browser-call' });
  const callMe = (after: boolean) => {
    if (after) chose('call-me');
    flow.dispatch({ type: 'phone-dialog-opened' });
  };
  const callClicked = () => {
    if (active) return flow.endCall();
    if (offer !== 'none') chose('call-again');
    flow.startCall();
  };
  const promptText = (n: number) => copy[`${businessType}Prompt${n}` as CopyKey];

  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" ref={heading} tabIndex={-1}>
        {fillCopy(copy.welcomeHeading, { name: state.request?.name ?? '' })}
      </h2>
      <div class="call-panel" part="card">
        {/* The agent's state on its avatar too (speaking, listening), as on the landing's card. */}
        <div class={`call-agent agent-${mode}`}>
          <AgentAvatar company={company} />
          <span class="call-name">{fillCopy(copy.callAgentName, { company })}</span>
          <CallTimer flow={flow} />
          <p class="call-line">
            <span class={connected ? 'live-dot on' : 'live-dot'} aria-hidden="true" />
            <span class={failed ? 'call-status failed' : 'call-status'} role="status">
              {copy[browserCallStatus(state)]}
            </span>
          </p>
        </div>
        <CallVisualiser flow={flow} />
        {/* The question chosen under the panel, where the visitor looks while talking; a hint until then. */}
        <p class="call-say" aria-live="polite">
          {prompt === null ? copy.tryAskingHint : fillCopy(copy.tryAskingSay, { prompt: promptText(prompt) })}
        </p>
        {offer !== 'none' && (
          // The ways on above the last lines (their 'Captions' toggle) and 'Start Call': the company's link is the first the keyboard reaches after a call.
          // biome-ignore lint/a11y/useSemanticElements: a group of next steps, not a form's fieldset
          <div class="after-call" role="group" aria-labelledby="fad-after-call">
            <h3 id="fad-after-call">{copy.afterCallHeading}</h3>
            <p>{copy.afterCallPhone}</p>
            <div class="actions">
              <EndingLink flow={flow} />
              <button type="button" class={offer === 'call-me' ? 'primary' : 'secondary'} onClick={() => callMe(true)}>
                {copy.callMeTitle}
              </button>
              <HomeLink flow={flow} homeUrl={flow.config.homeUrl} primary={false} />
            </div>
            {summaryMailed(state.callTerms) && state.request && <p>{fillCopy(copy.afterCallMail, { email: state.request.email })}</p>}
            {state.booking && <BookedMeeting booking={state.booking} level={4} />}
          </div>
        )}
        <div class="call-room">
          <div class={beforeWords ? 'call-before' : 'call-before unseen'}>
            <p id="fad-call-disclosure" class="call-disclosure">
              {browserCallDisclosure(copy, state.callTerms.recorded)} {copy.microphoneHeadsUp}
            </p>
            {/* Where the first caption comes, so the room is never empty; the status line says it to screen readers. */}
            <div class="bubbles" aria-hidden="true">
              <span class={pending ? 'bubble assistant typing' : 'bubble assistant typing unseen'}>
                <span />
                <span />
                <span />
              </span>
            </div>
          </div>
          <div class="call-during">
            <CallCaptions flow={flow} shown={shown} />
          </div>
        </div>
        <CallControls flow={flow} shown={shown} toggleCaptions={toggleCaptions}>
          <button
            type="button"
            part="call-button"
            class={active ? 'danger' : offer === 'none' ? 'primary' : 'secondary'}
            disabled={button.disabled}
            aria-describedby="fad-call-disclosure"
            aria-busy={button.disabled && state.assistantStatus === 'loading'}
            onClick={callClicked}
          >
            {copy[button.label]}
          </button>
        </CallControls>
        {/* Back to a chat under way: its lines are the flow's, and there again. */}
        {state.chatOffered && state.chat && !notice && !active && (
          <button type="button" class="secondary" onClick={flow.openChat}>
            {copy.chatInstead}
          </button>
        )}
        {notice && (
          <div class="notice" role="alert">
            <p>{copy[notice]}</p>
            <div class="actions">
              {retryAssistant && (
                // The one 'Try Again' text of the widget, also the later steps' own retry.
                <button type="button" class="primary" ref={firstAction} onClick={retry}>
                  {copy.tryAgain}
                </button>
              )}
              <button type="button" class="secondary" ref={retryAssistant ? null : firstAction} onClick={() => callMe(false)}>
                {copy.callMeTitle}
              </button>
              {state.chatOffered && (
                <button type="button" class="secondary" onClick={flow.openChat}>
                  {copy.chatInstead}
                </button>
              )}
            </div>
          </div>
        )}
      </div>
      <section class="try-asking" aria-labelledby="fad-try-asking">
        <h3 id="fad-try-asking">{copy.tryAskingHeading}</h3>
        <ul>
          {PROMPTS.map((n) => (
            <li key={n}>
              <button type="button" class="prompt" aria-pressed={prompt === n} onClick={() => setPrompt(prompt === n ? null : n)}>
                {promptText(n)}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
