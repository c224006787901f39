import { firstCopy } from '../first-copy.ts';
import { fillCopy } from '../fill-copy.ts';
import { loadingProgress } from '../flow/flow.ts';
import { LOADING_STAGES } from '../figures.ts';
import type { DemoFlow } from '../use-demo-flow.ts';

/** A stage's text once it is not in progress: the spec's texts end in "..." only while they run. */
export const settledStageText = (text: string): string => text.replace(/\.{3}$/, '');

export function LoadingStep({ flow }: { flow: DemoFlow }) {
  const { loadingStage, request } = flow.state;
  const progress = loadingProgress(loadingStage);
  const values = { company: request?.company ?? '', businessType: request?.businessType ?? '' };
  const stages = [firstCopy.loadingStage1, firstCopy.loadingStage2, firstCopy.loadingStage3].map((text, index) => {
    const message = fillCopy(text, values);
    if (index === loadingStage) return { state: 'active', text: message, label: '' };
    const done = index < loadingStage;
    return { state: done ? 'done' : 'waiting', text: settledStageText(message), label: done ? firstCopy.loadingStageDone : firstCopy.loadingStageWaiting };
  });
  // The stage in progress, if any: the bar fills towards its figure over its length, so it moves
  // all the time instead of jumping at each stage's end. The spec's figure stays the bar's own
  // width (and aria-valuenow), which is what reduced motion shows. A new key restarts the fill.
  const next = LOADING_STAGES[loadingStage];
  const fill = next && {
    '--_to': `${next.progress}%`,
    animation: `fill ${next.atMs - (LOADING_STAGES[loadingStage - 1]?.atMs ?? 0)}ms linear forwards`,
  };
  // The one live region says what changed: the stage now in progress, or the last one once done.
  const changed = stages[Math.min(loadingStage, stages.length - 1)]!;

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
        <div key={loadingStage} class="progress-bar" style={{ width: `${progress}%`, ...fill }} />
      </div>
      <p class="progress-value" aria-hidden="true">{progress}%</p>
      <ol class="stages">
        {stages.map(({ state, text, label }, index) => (
          <li key={index} class={`stage ${state}`} aria-current={state === 'active' ? 'step' : undefined}>
            <span class="stage-mark" aria-hidden="true">{state === 'done' ? '✓' : ''}</span>
            <span>
              {text}
              {label && <span class="visually-hidden"> ({label})</span>}
            </span>
          </li>
        ))}
      </ol>
      <p class="visually-hidden" role="status">
        {changed.text}
        {changed.label && ` (${changed.label})`}
      </p>
    </section>
  );
}
