import { fillCopy } from '../../copy.ts';
import { emit } from '../../events.ts';
import type { NextStepChoice } from '../flow/next-step.ts';
import { forgetFlow } from '../flow/save-flow.ts';
import { browserCallOffered } from '../flow/browser-offer.ts';
import { usePhoneRules } from '../../phone/use-phone-rules.ts';
import type { DemoFlow } from '../../form/use-demo-flow.ts';
import { useCopy } from '../../i18n/copy-context.ts';
import { readableNumber } from './call-scheduled-step.tsx';

/**
 * The step after the dialog when the call request failed or got no answer in time (spec section 8:
 * only logged, and the flow moves on). It says what the widget knows, that no call is confirmed,
 * and nothing of a call on its way or of what follows one: 'Try Again' sends the same request again
 * (in the dialog, waiting, with Cancel), the browser call where the page can make one, another
 * number, and home. Each way on but 'Try Again' is told to the page as on 'Call Scheduled!'.
 */
export function CallUnconfirmedStep({ flow, homeUrl }: { flow: DemoFlow; homeUrl: string }) {
  const copy = useCopy();
  const rules = usePhoneRules();
  const { scheduledNumber } = flow.state;
  const browser = browserCallOffered(flow.config);
  const chose = (choice: NextStepChoice) => emit(flow.host, 'franchise-ai-demo-next-step', { choice, step: 'call-scheduled' });
  return (
    <section class="step" aria-labelledby="fad-heading" aria-describedby="fad-unconfirmed-text">
      <h2 id="fad-heading" tabIndex={-1}>
        {copy.callUnconfirmedHeading}
      </h2>
      <div class="card unconfirmed" part="card">
        <p id="fad-unconfirmed-text">{fillCopy(copy.callUnconfirmedText, { number: readableNumber(scheduledNumber ?? '', rules) })}</p>
        <p>{browser ? copy.callUnconfirmedHint : copy.callUnconfirmedHintNoBrowser}</p>
      </div>
      <div class="actions">
        <button type="button" class="primary" onClick={flow.retryPhoneCall}>
          {copy.tryAgain}
        </button>
        {browser && (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              chose('browser-call');
              flow.chooseBrowser();
            }}
          >
            {copy.browserButton}
          </button>
        )}
        <button
          type="button"
          class="secondary"
          onClick={() => {
            chose('change-number');
            flow.dispatch({ type: 'phone-dialog-opened' });
          }}
        >
          {copy.changeNumber}
        </button>
        {/* Leaving the demo: the tab forgets its flow, as from 'Call Scheduled!'. */}
        <a
          class="button secondary"
          part="home-link"
          href={homeUrl}
          onClick={() => {
            chose('home');
            forgetFlow(flow.savedKey);
          }}
        >
          {copy.backHome}
        </a>
      </div>
    </section>
  );
}
