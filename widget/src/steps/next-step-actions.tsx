import { emit } from '../first-render/element/events.ts';
import type { DemoFlow } from '../flow/use-demo-flow.ts';
import { useCopy } from '../copy/copy-context.ts';
import { endingAction, endingHref, type NextStepChoice } from '../flow/next-step.ts';
import { forgetFlow } from '../flow/save-flow.ts';

const choose = (flow: DemoFlow, choice: NextStepChoice) => emit(flow.host, 'franchise-ai-demo-next-step', { choice, step: flow.state.step });

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

const ENDING_LABELS = { book: 'bookDiscoveryCall', 'contact-email': 'contactByEmail', 'contact-phone': 'contactByPhone' } as const;

/** The endings' first, primary link to the company; the booking page in a new tab, so a call on its way or the flow stays. Nothing when there is no way to it. */
export function EndingLink({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const action = endingAction(flow.config, flow.state.callTerms);
  const href = endingHref(action, flow.config, flow.state.callTerms);
  if (action === 'none' || href === null) return null;
  const book = action === 'book';
  return (
    <a
      class="button primary"
      part="booking-link"
      href={href}
      target={book ? '_blank' : undefined}
      rel={book ? 'noopener noreferrer' : undefined}
      onClick={() => choose(flow, book ? 'book' : 'contact')}
    >
      {copy[ENDING_LABELS[action]]}
    </a>
  );
}
