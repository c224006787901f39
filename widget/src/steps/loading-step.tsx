import { firstCopy } from '../first-copy.ts';
import { fillCopy } from '../fill-copy.ts';
import { loadingProgress } from '../flow/flow.ts';
import { LOADING_STAGES } from '../figures.ts';
import type { DemoFlow } from '../use-demo-flow.ts';

export function LoadingStep({ flow }: { flow: DemoFlow }) {
  const { loadingStage, request } = flow.state;
  const progress = loadingProgress(loadingStage);
  const values = { company: request?.company ?? '', businessType: request?.businessType ?? '' };
  const messages = [firstCopy.loadingStage1, firstCopy.loadingStage2, firstCopy.loadingStage3].map((text) => fillCopy(text, values));
  // Messages appear one by one: the stages done so far, plus the one in progress.
  const shown = messages.slice(0, Math.min(loadingStage + 1, LOADING_STAGES.length));
  const current = shown[shown.length - 1];

  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>{firstCopy.loadingHeading}</h2>
      <div
        class="progress"
        part="progress"
        role="progressbar"
        aria-label={firstCopy.loadingProgressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
      >
        <div class="progress-bar" style={{ width: `${progress}%` }} />
      </div>
      <p class="progress-value" aria-hidden="true">{progress}%</p>
      <ol class="stages">
        {shown.map((message, index) => (
          <li key={message} class={index < loadingStage ? 'stage done' : 'stage active'}>
            <span class="stage-mark" aria-hidden="true">{index < loadingStage ? '✓' : ''}</span>
            {message}
          </li>
        ))}
      </ol>
      <p class="visually-hidden" role="status">
        {current}
      </p>
    </section>
  );
}
