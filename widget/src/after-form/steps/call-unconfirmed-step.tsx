import { fillCopy } from '../../copy.ts';
import { browserCallOffered } from '../flow/browser-offer.ts';
import { usePhoneRules } from '../../phone/use-phone-rules.ts';
import type { DemoFlow } from '../../form/use-demo-flow.ts';
import { useCopy } from '../../i18n/copy-context.ts';
import { readableNumber } from './call-scheduled-step.tsx';
import { BrowserCallButton, ChangeNumberButton, HomeLink } from './next-step-actions.tsx';

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
        {browser && <BrowserCallButton flow={flow} label={copy.browserButton} />}
        <ChangeNumberButton flow={flow} />
        <HomeLink flow={flow} homeUrl={homeUrl} primary={false} />
      </div>
    </section>
  );
}
