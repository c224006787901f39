import { emit } from '../first-render/element/events.ts';
import type { DemoFlow } from '../flow/use-demo-flow.ts';
import { useCopy } from '../copy/copy-context.ts';
import type { NextStepChoice } from '../flow/next-step.ts';
import { forgetFlow } from '../flow/save-flow.ts';

const choose = (flow: DemoFlow, choice: NextStepChoice) => emit(flow.host, 'franchise-ai-demo-next-step', { choice, step: 'call-scheduled' });

export function ChangeNumberButton({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  return (
    <button
      type="button"
      class="secondary"
      onClick={() => {
        choose(flow, 'change-number');
        flow.dispatch({ type: 'phone-dialog-opened' });
      }}
    >
      {copy.changeNumber}
    </button>
  );
}

export function BrowserCallButton({ flow, label }: { flow: DemoFlow; label: string }) {
  return (
    <button
      type="button"
      class="secondary"
      onClick={() => {
        choose(flow, 'browser-call');
        flow.chooseBrowser();
      }}
    >
      {label}
    </button>
  );
}

/** Leaving the demo: the tab forgets its flow, and the next visit starts with the form. */
export function HomeLink({ flow, homeUrl, primary }: { flow: DemoFlow; homeUrl: string; primary: boolean }) {
  const copy = useCopy();
  return (
    <a
      class={`button ${primary ? 'primary' : 'secondary'}`}
      part="home-link"
      href={homeUrl}
      onClick={() => {
        choose(flow, 'home');
        forgetFlow(flow.savedKey);
      }}
    >
      {copy.backHome}
    </a>
  );
}

/** The booking link, in a new tab: the call is still on its way here. */
export const chooseBooking = (flow: DemoFlow) => choose(flow, 'book');
