import { describe, expect, it } from 'vitest';
import { STEPS, type Step } from './flow/flow.ts';
import { laterStepsNeed, stepView, type LaterStepsNeed, type StepView } from './use-later-steps.ts';

describe('laterStepsNeed: when the later steps are fetched', () => {
  it.each<[Step, LaterStepsNeed]>([
    ['form', 'none'],
    ['loading', 'soon'],
    ['congratulations', 'now'],
    ['call-scheduled', 'now'],
    ['browser-call', 'now'],
  ])('%s → %s', (step, need) => expect(laterStepsNeed(step)).toBe(need));

  it('covers every step', () => expect(STEPS.map(laterStepsNeed)).not.toContain(undefined));
});

describe('stepView: what shows for a step, its code loaded or failed', () => {
  it.each<[Step, boolean, boolean, StepView]>([
    ['form', false, false, 'form'],
    ['loading', false, false, 'loading'],
    ['loading', false, true, 'loading'], // a failure during loading stays quiet: it is tried again
    ['congratulations', true, false, 'congratulations'],
    ['congratulations', false, false, 'later-steps-pending'],
    ['congratulations', false, true, 'later-steps-failed'],
    ['call-scheduled', false, true, 'later-steps-failed'],
    ['browser-call', false, false, 'later-steps-pending'],
    ['browser-call', true, true, 'browser-call'],
  ])('%s, loaded %s, failed %s → %s', (step, loaded, failed, view) => expect(stepView(step, loaded, failed)).toBe(view));
});
