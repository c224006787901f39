import { fillCopy } from '../../copy/copy.ts';
import { browserCallOffered } from '../../flow/browser-offer.ts';
import { usePhoneRules } from '../../phone/use-phone-rules.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { useCopy } from '../../copy/copy-context.ts';
import { readableNumber } from './call-scheduled-step.tsx';
import { BrowserCallButton, ChangeNumberButton, HomeLink } from '../next-step-actions.tsx';

/** After a call request that failed or timed out (spec section 8): no call is confirmed, so nothing says one is coming. */
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
