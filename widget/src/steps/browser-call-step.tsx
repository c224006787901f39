import { browserCallStatus, callButton, isCallActive, microphoneNotice } from '../flow/flow.ts';
import { copy, fillCopy } from '../copy.ts';
import type { DemoFlow } from '../use-demo-flow.ts';
import { CardList } from './card-list.tsx';
import { CallVisualiser } from './call-visualiser.tsx';

export function BrowserCallStep({ flow }: { flow: DemoFlow }) {
  const { state } = flow;
  const button = callButton(state);
  const active = isCallActive(state);
  const notice = microphoneNotice(state);
  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>{fillCopy(copy.welcomeHeading, { name: state.request?.name ?? '' })}</h2>
      <div class="call-panel" part="card">
        <CallVisualiser flow={flow} />
        <p class="call-status" role="status">
          {copy[browserCallStatus(state)]}
        </p>
        <button
          type="button"
          part="call-button"
          class={active ? 'danger' : 'primary'}
          disabled={button.disabled}
          aria-busy={button.disabled && state.assistantStatus === 'loading'}
          onClick={active ? flow.endCall : flow.startCall}
        >
          {copy[button.label]}
        </button>
        {notice && (
          <div class="notice" role="alert">
            <p>{copy[notice]}</p>
            <button type="button" class="secondary" onClick={() => flow.dispatch({ type: 'phone-dialog-opened' })}>
              {copy.callMeTitle}
            </button>
          </div>
        )}
      </div>
      <CardList texts={copy} cards={['browserFeature1', 'browserFeature2', 'browserFeature3']} />
    </section>
  );
}
