import { useEffect, useState } from 'preact/hooks';
import type { Step } from './flow/flow.ts';
import { loadLaterSteps } from './lazy-chunks.ts';
import { addStyles } from './stylesheet.ts';

export type LaterSteps = Awaited<ReturnType<typeof loadLaterSteps>>;

/** When the later steps are wanted: not on the form; fetched from the loading screen on; needed after it. */
export type LaterStepsNeed = 'none' | 'soon' | 'now';

export function laterStepsNeed(step: Step): LaterStepsNeed {
  if (step === 'form') return 'none';
  return step === 'loading' ? 'soon' : 'now';
}

/** What the widget shows for a step: the step itself, or, for a later step not here yet, a wait or a retry. */
export type StepView = Step | 'later-steps-pending' | 'later-steps-failed';

export function stepView(step: Step, loaded: boolean, failed: boolean): StepView {
  if (laterStepsNeed(step) !== 'now' || loaded) return step;
  return failed ? 'later-steps-failed' : 'later-steps-pending';
}

/**
 * The later steps' chunk, fetched as soon as the loading screen shows; its styles join `root`'s. A failure while the loading
 * screen runs stays quiet and is tried once more when the steps are needed; a failure then shows a
 * retry (`failed`), which `retry()` answers.
 */
export function useLaterSteps(need: LaterStepsNeed, root: ShadowRoot): { steps: LaterSteps | null; failed: boolean; retry(): void } {
  const [steps, setSteps] = useState<LaterSteps | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (need === 'none' || steps) return;
    let current = true;
    setFailed(false);
    loadLaterSteps().then(
      (loaded) => {
        if (!current) return;
        // Their styles first, so no later step renders unstyled.
        addStyles(root, loaded.styles);
        setSteps(loaded);
      },
      (error: unknown) => {
        if (!current) return;
        console.warn('[franchise-ai-demo] the next steps could not be loaded', error);
        // Only when they are due: a failure on the loading screen is tried again once they are.
        setFailed(need === 'now');
      },
    );
    return () => void (current = false);
  }, [need === 'none', need === 'now', attempt]);
  return { steps, failed, retry: () => setAttempt((count) => count + 1) };
}
