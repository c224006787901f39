import { describe, expect, test } from 'vitest';
import { addCaption, CAPTIONS_KEPT, lastFinalCaption, type CaptionLine, type Transcript } from './captions.ts';

/** `A+text` is a partial of the assistant's, `U.text` a final of the visitor's. */
type Step = `${'A' | 'U'}${'+' | '.'}${string}`;
const transcript = (step: Step): Transcript => ({ speaker: step[0] === 'A' ? 'assistant' : 'user', final: step[1] === '.', text: step.slice(2) });
const run = (steps: Step[], keep?: number): readonly CaptionLine[] =>
  steps.reduce<readonly CaptionLine[]>((lines, step) => addCaption(lines, transcript(step), keep), []);
/** Lines as `speaker: text` with `…` after one still in progress. */
const shown = (lines: readonly CaptionLine[]) => lines.map((line) => `${line.speaker}: ${line.text}${line.final ? '' : '…'}`);

describe('addCaption', () => {
  test.each<[string, Step[], string[]]>([
    ['a partial shows in progress', ['A+Hello'], ['assistant: Hello…']],
    ['partials replace each other', ['A+Hel', 'A+Hello the'], ['assistant: Hello the…']],
    ['the final replaces its partial', ['U+I run', 'U.I run a gym.'], ['user: I run a gym.']],
    ['a final without partial is a line', ['U.Yes.'], ['user: Yes.']],
    ['a final line stays; the next partial starts a new line', ['A.Hi.', 'A+How', 'A.How are you?'], ['assistant: Hi.', 'assistant: How are you?']],
    ['speakers take turns', ['A+Hi', 'A.Hi.', 'U+Hel', 'U.Hello.'], ['assistant: Hi.', 'user: Hello.']],
    [
      'overlapping speakers keep their own lines (an interruption)',
      ['A+Our plans', 'U+Wait', 'A.Our plans start at', 'U.Wait, how much?'],
      ['assistant: Our plans start at', 'user: Wait, how much?'],
    ],
    ['a blank partial changes nothing', ['U+So', 'U+  '], ['user: So…']],
    ['a blank final takes back the line in progress', ['A.Hi.', 'U+um', 'U.'], ['assistant: Hi.']],
    ['text is trimmed', ['U.  Yes please. '], ['user: Yes please.']],
  ])('%s', (_name, steps, expected) => {
    expect(shown(run(steps))).toEqual(expected);
  });
  test(`only the last ${CAPTIONS_KEPT} lines are kept, oldest out first`, () => {
    const steps = [1, 2, 3, 4, 5, 6].map((n): Step => `${n % 2 ? 'A' : 'U'}.Line ${n}.`);
    expect(shown(run(steps))).toEqual(['assistant: Line 3.', 'user: Line 4.', 'assistant: Line 5.', 'user: Line 6.']);
    expect(shown(run(steps, 2))).toEqual(['assistant: Line 5.', 'user: Line 6.']);
  });
  test('ids only grow and stay with their line through partial and final', () => {
    const partial = run(['A.A.', 'U+B']);
    const final = addCaption(partial, transcript('U.B.'));
    expect(final.map((line) => line.id)).toEqual(partial.map((line) => line.id));
    const next = addCaption(final, transcript('A+C'));
    expect(next.at(-1)!.id).toBeGreaterThan(final.at(-1)!.id);
  });
  test('the lines given are not changed', () => {
    const lines = Object.freeze(run(['U+Hel']).map((line) => Object.freeze(line)));
    expect(() => addCaption(lines, transcript('U.Hello.'))).not.toThrow();
    expect(shown(lines)).toEqual(['user: Hel…']);
  });
});

test.each<[string, Step[], string | undefined]>([
  ['nothing yet', [], undefined],
  ['only a partial', ['U+Hel'], undefined],
  ['the last final, not a later partial', ['A.Hi.', 'U+Hel'], 'Hi.'],
  ['the latest of two finals', ['A.Hi.', 'U.Hello.'], 'Hello.'],
])('lastFinalCaption: %s', (_name, steps, expected) => {
  expect(lastFinalCaption(run(steps))?.text).toBe(expected);
});
