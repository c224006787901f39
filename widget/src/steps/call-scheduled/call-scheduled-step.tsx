import { fillCopy } from '../../copy/copy.ts';
import { endingAction, summaryMailed } from '../../flow/next-step.ts';
import { secondsToRinging } from '../../flow/call-poll.ts';
import { checkPhoneNumber } from '../../phone/phone-check.ts';
import { usePhoneRules } from '../../phone/use-phone-rules.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { useCallView } from './use-call-view.ts';
import { BookedMeeting } from '../booking/booked-meeting.tsx';
import { useCopy } from '../../copy/copy-context.ts';
import { browserCallOffered } from '../../flow/browser-offer.ts';
import { BrowserCallButton, ChangeNumberButton, EndingLink, HomeLink } from '../next-step-actions.tsx';

/** The E.164 number as people read it (+1 201-555-0123), by the phone rules the dialog loaded; as it is until they are there. */
export function readableNumber(e164: string, rules: ReturnType<typeof usePhoneRules>): string {
  const check = checkPhoneNumber(e164, 'US', rules, { served: null, regions: [] });
  return check.state === 'valid' ? check.line.international : e164;
}

/** 'Call Scheduled!' (spec section 4); what follows the call only as far as the host said it does. */
export function CallScheduledStep({ flow, homeUrl }: { flow: DemoFlow; homeUrl: string }) {
  const copy = useCopy();
  const { request, scheduledNumber, callTerms } = flow.state;
  const company = request?.company ?? '';
  const features = [copy.callFeature1, copy.callFeature2, copy.callFeature3].map((text) => fillCopy(text, { company }));
  const rules = usePhoneRules();
  const call = useCallView(flow);
  const seconds = secondsToRinging(call);
  const mail = summaryMailed(callTerms) && !!request?.email;
  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>
        {copy.callScheduledHeading}
      </h2>
      <p class="lead">{copy.callScheduledText}</p>
      {/* Nothing on screen claims a call that will not happen; the console has the host's reason. */}
      {flow.state.callNotPlaced && <p class="not-placed">{copy.callNotPlaced}</p>}
      {/* The ways on first, the company's before all: the first the keyboard reaches, above the number's 'Change number'. */}
      <div class="actions">
        <EndingLink flow={flow} />
        <HomeLink flow={flow} homeUrl={homeUrl} primary={endingAction(flow.config, callTerms) === 'none'} />
        {browserCallOffered(flow.config) && <BrowserCallButton flow={flow} label={copy.talkInBrowser} />}
      </div>
      {scheduledNumber && (
        <div class="card calling" part="card">
          {/* Polite: a new number (after 'Change number') is said once; the first is read with the step. */}
          <p aria-live="polite">{fillCopy(copy.callingNumber, { number: readableNumber(scheduledNumber, rules) })}</p>
          {/* Room kept for the one line that may come, so nothing below moves when it does. */}
          {request?.demoId && (
            <p class="rang" aria-live="polite">
              {seconds === null ? '' : seconds === 1 ? copy.callRangOne : fillCopy(copy.callRang, { seconds: String(seconds) })}
            </p>
          )}
          <ChangeNumberButton flow={flow} />
        </div>
      )}
      <dl class="facts">
        <div>
          <dt>{copy.callExpectedLabel}</dt>
          <dd>{copy.callExpectedValue}</dd>
        </div>
        <div>
          <dt>{copy.callDurationLabel}</dt>
          <dd>{copy.callDurationValue}</dd>
        </div>
      </dl>
      <section class="card" part="card" aria-labelledby="fad-features">
        <h3 id="fad-features">{copy.callFeaturesHeading}</h3>
        <ul class="checks">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
      {/* Polite: the meeting the agent books on the phone is said once, when the host has it. */}
      <div class="booked-live" aria-live="polite">
        {flow.state.booking && (
          <div class="card" part="card">
            <BookedMeeting booking={flow.state.booking} level={3} />
          </div>
        )}
      </div>
      {mail && (
        <section class="card scheduled-after" part="card" aria-labelledby="fad-scheduled-after">
          <h3 id="fad-scheduled-after">{copy.scheduledAfterHeading}</h3>
          <p>{fillCopy(copy.scheduledAfterMail, { email: request!.email })}</p>
        </section>
      )}
    </section>
  );
}
