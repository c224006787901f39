import { copy, fillCopy } from '../copy.ts';
import { forgetFlow } from '../flow/save-flow.ts';
import type { DemoFlow } from '../use-demo-flow.ts';

export function CallScheduledStep({ flow, homeUrl }: { flow: DemoFlow; homeUrl: string }) {
  const company = flow.state.request?.company ?? '';
  const features = [copy.callFeature1, copy.callFeature2, copy.callFeature3].map((text) => fillCopy(text, { company }));
  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>{copy.callScheduledHeading}</h2>
      <p class="lead">{copy.callScheduledText}</p>
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
      {/* Leaving the demo: the tab forgets its flow, and the next visit starts with the form. */}
      <a class="button primary" part="home-link" href={homeUrl} onClick={() => forgetFlow(flow.savedKey)}>
        {copy.backHome}
      </a>
    </section>
  );
}
