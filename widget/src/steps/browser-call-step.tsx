import { browserCallRetry, isCallActive } from '../flow/flow.ts';
import { browserCallNotice, browserCallStatus, callButton } from '../flow/call-view.ts';
import { copy, fillCopy } from '../copy.ts';
import { browserCallDisclosure } from '../flow/call-disclosure.ts';
import { useEffect, useRef } from 'preact/hooks';
import type { DemoFlow } from '../use-demo-flow.ts';
import { CardList } from './card-list.tsx';
import { AgentAvatar } from './agent-details.tsx';
import { CallVisualiser, visualiserMode } from './call-visualiser.tsx';
import { CallCaptions } from './call-captions.tsx';

export function BrowserCallStep({ flow }: { flow: DemoFlow }) {
  const { state } = flow;
  const button = callButton(state);
  const active = isCallActive(state);
  const notice = browserCallNotice(state);
  const retryAssistant = browserCallRetry(state) === 'fetch-assistant';
  // The status line of a failure in the error colour, as the visualiser's ring.
  const failed = visualiserMode(state) === 'error';
  const company = state.request?.company ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
  const firstAction = useRef<HTMLButtonElement>(null);

  // A notice that appears while the keyboard is nowhere (the pressed Start Call went disabled, as
  // when no start can succeed) takes it to its first way on; focus the visitor put elsewhere stays.
  useEffect(() => {
    const root = heading.current?.getRootNode() as ShadowRoot | undefined;
    const focused = root?.activeElement as HTMLButtonElement | null | undefined;
    if (notice && (!focused || focused.disabled)) firstAction.current?.focus();
  }, [notice]);

  const retry = () => {
    // The notice and its button go while the assistant is fetched again: the keyboard waits on the
    // heading, one Tab from 'Start Call' or, should it fail again, from 'Try Again'.
    heading.current?.focus();
    flow.retryAssistant();
  };

  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" ref={heading} tabIndex={-1}>{fillCopy(copy.welcomeHeading, { name: state.request?.name ?? '' })}</h2>
      <div class="call-panel" part="card">
        {/* Who the visitor talks to, as on the agent card of the step before. */}
        <p class="call-agent">
          <AgentAvatar company={company} />
          <span>{company}</span>
        </p>
        <CallVisualiser flow={flow} />
        <p class={failed ? 'call-status failed' : 'call-status'} role="status">
          {copy[browserCallStatus(state)]}
        </p>
        <CallCaptions flow={flow} />
        {/* Before Start Call, and read with it: who answers, and whether the conversation is recorded. */}
        <p id="fad-call-disclosure" class="call-disclosure">
          {browserCallDisclosure(state.callTerms.recorded)}
        </p>
        <button
          type="button"
          part="call-button"
          class={active ? 'danger' : 'primary'}
          disabled={button.disabled}
          aria-describedby="fad-call-disclosure"
          aria-busy={button.disabled && state.assistantStatus === 'loading'}
          onClick={active ? flow.endCall : flow.startCall}
        >
          {copy[button.label]}
        </button>
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
              <button
                type="button"
                class="secondary"
                ref={retryAssistant ? null : firstAction}
                onClick={() => flow.dispatch({ type: 'phone-dialog-opened' })}
              >
                {copy.callMeTitle}
              </button>
            </div>
          </div>
        )}
      </div>
      <CardList texts={copy} cards={['browserFeature1', 'browserFeature2', 'browserFeature3']} />
    </section>
  );
}
