import { useEffect } from 'preact/hooks';
import { fillCopy } from '../../copy/fill-copy.ts';
import { possessive } from '../../copy/possessive.ts';
import { LOADING_STAGES } from '../../figures.ts';
import { loadingProgress } from '../../flow/reducer.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { asksDemoStatus } from '../../flow/profile-poll.ts';
import { firstWords } from '../../flow/agent-assembly.ts';
import { AgentCard, FirstWordsView, SecondsLeft } from './agent-assembly.tsx';
import { LearnedPanel } from './learned-panel.tsx';
import { useProfileView } from './use-profile-view.ts';
import { useTexts } from '../../copy/copy-context.ts';

/** A stage's text once it is not in progress: the spec's texts end in "..." only while they run. */
export const settledStageText = (text: string): string => text.replace(/\.{3}$/, '');

export function LoadingStep({ flow }: { flow: DemoFlow }) {
  const { copy, language } = useTexts();
  const { loadingStage, request, callTerms, loadingStartedAt } = flow.state;
  const asked = asksDemoStatus(request?.demoId, request?.website);
  const panel = useProfileView(flow);
  const words = request ? firstWords(request, callTerms, { asked, ...panel }, language) : ({ state: 'none' } as const);
  // The chat greets with the same fact as the call's first words, so it says what the host's chat assistant was told.
  const fact = panel.view?.status === 'ready' ? panel.view.greeting : null;
  useEffect(() => void (fact && flow.dispatch({ type: 'greeting-learned', fact })), [fact]);

  const progress = loadingProgress(loadingStage);
  const company = request?.company ?? '';
  // English's possessive ("Acme's") has no French form: the French text is written around the bare name.
  const values = {
    company,
    companyPossessive: language === 'en' ? possessive(company) : company,
    businessType: request ? copy[request.businessType].toLocaleLowerCase(language) : '',
  };
  const texts = [copy.loadingStage1, copy.loadingStage2, copy.loadingStage3].map((text, index) =>
    index === loadingStage ? fillCopy(text, values) : settledStageText(fillCopy(text, values)),
  );
  // Screen readers hear a stage is done; the one in progress is the current step, those after it wait.
  const done = <span class="visually-hidden"> ({copy.loadingStageDone})</span>;
  // The bar fills towards the next stage's figure, so it moves all the time; the spec's figure stays
  // its width and aria-valuenow, which reduced motion shows.
  const next = LOADING_STAGES[loadingStage];
  const fill = next && {
    '--_to': `${next.progress}%`,
    animation: `fill ${next.atMs - (LOADING_STAGES[loadingStage - 1]?.atMs ?? 0)}ms linear forwards`,
  };
  // The one live region says what changed: the stage now in progress, or the last one once done.
  const changed = Math.min(loadingStage, texts.length - 1);

  return (
    // With a website to hear about, the step starts at the top, so the panel grows below and nothing moves.
    <section class={`step loading-step${asked ? ' learning' : ''}`} aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>
        {copy.loadingHeading}
      </h2>
      <AgentCard flow={flow} />
      <div
        class="progress"
        part="progress"
        role="progressbar"
        aria-label={copy.loadingProgressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
      >
        <div key={loadingStage} class="progress-bar" style={{ width: `${progress}%`, ...fill }} />
      </div>
      {loadingStartedAt !== null && <SecondsLeft startedAt={loadingStartedAt} />}
      <ol class="stages">
        {texts.map((text, index) => (
          <li
            key={index}
            class={`stage ${index < loadingStage ? 'done' : index > loadingStage ? 'waiting' : 'active'}`}
            aria-current={index === loadingStage ? 'step' : undefined}
          >
            <span class="stage-mark" aria-hidden="true">
              {index < loadingStage ? '✓' : ''}
            </span>
            <span>
              {text}
              {index < loadingStage && done}
            </span>
          </li>
        ))}
      </ol>
      <p class="visually-hidden" role="status">
        {texts[changed]}
        {changed < loadingStage && ` (${copy.loadingStageDone})`}
      </p>
      <LearnedPanel flow={flow} panel={panel} />
      <FirstWordsView words={words} />
    </section>
  );
}
