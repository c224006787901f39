import { describe, expect, test } from 'vitest';
import { addCaption, CAPTIONS_KEPT, lastFinalCaption, type CaptionLine, type Speaker, type Transcript } from './captions.ts';

// 'A+' is a partial of the assistant's, 'U.' a final of the visitor's: [speaker, final, text].
type Step = [Speaker, 'partial' | 'final', string];
const run = (steps: Step[], keep?: number): readonly CaptionLine[] =>
  steps.reduce<readonly CaptionLine[]>((lines, [speaker, kind, text]) => addCaption(lines, { speaker, final: kind === 'final', text }, keep), []);
/** Lines as `speaker: text` with `…` after one still in progress. */
const shown = (lines: readonly CaptionLine[]) => lines.map((line) => `${line.speaker}: ${line.text}${line.final ? '' : '…'}`);

describe('addCaption', () => {
  test.each<[string, Step[], string[]]>([
    ['a partial shows in progress', [['assistant', 'partial', 'Hello']], ['assistant: Hello…']],
    [
      'partials replace each other',
      [
        ['assistant', 'partial', 'Hel'],
        ['assistant', 'partial', 'Hello the'],
      ],
      ['assistant: Hello the…'],
    ],
    [
      'the final replaces its partial',
      [
        ['user', 'partial', 'I run'],
        ['user', 'final', 'I run a gym.'],
      ],
      ['user: I run a gym.'],
    ],
    ['a final without partial is a line', [['user', 'final', 'Yes.']], ['user: Yes.']],
    [
      'a final line stays; the next partial starts a new line',
      [
        ['assistant', 'final', 'Hi.'],
        ['assistant', 'partial', 'How'],
        ['assistant', 'final', 'How are you?'],
      ],
      ['assistant: Hi.', 'assistant: How are you?'],
    ],
    [
      'speakers take turns',
      [
        ['assistant', 'partial', 'Hi'],
        ['assistant', 'final', 'Hi.'],
        ['user', 'partial', 'Hel'],
        ['user', 'final', 'Hello.'],
      ],
      ['assistant: Hi.', 'user: Hello.'],
    ],
    [
      'overlapping speakers keep their own lines (an interruption)',
      [
        ['assistant', 'partial', 'Our plans'],
        ['user', 'partial', 'Wait'],
        ['assistant', 'final', 'Our plans start at'],
        ['user', 'final', 'Wait, how much?'],
      ],
      ['assistant: Our plans start at', 'user: Wait, how much?'],
    ],
    [
      'a blank partial changes nothing',
      [
        ['user', 'partial', 'So'],
        ['user', 'partial', '  '],
      ],
      ['user: So…'],
    ],
    [
      'a blank final takes back the line in progress',
      [
        ['assistant', 'final', 'Hi.'],
        ['user', 'partial', 'um'],
        ['user', 'final', ''],
      ],
      ['assistant: Hi.'],
    ],
    ['text is trimmed', [['user', 'final', '  Yes please. ']], ['user: Yes please.']],
  ])('%s', (_name, steps, expected) => {
    expect(shown(run(steps))).toEqual(expected);
  });

  test(`only the last ${CAPTIONS_KEPT} lines are kept, oldest out first`, () => {
    const steps: Step[] = [1, 2, 3, 4, 5, 6].map((n) => [n % 2 ? 'assistant' : 'user', 'final', `Line ${n}.`]);
    expect(shown(run(steps))).toEqual(['assistant: Line 3.', 'user: Line 4.', 'assistant: Line 5.', 'user: Line 6.']);
    expect(shown(run(steps, 2))).toEqual(['assistant: Line 5.', 'user: Line 6.']);
  });

  test('ids only grow and stay with their line through partial and final', () => {
    const partial = run([
      ['assistant', 'final', 'A.'],
      ['user', 'partial', 'B'],
    ]);
    const final = addCaption(partial, { speaker: 'user', final: true, text: 'B.' });
    expect(final.map((line) => line.id)).toEqual(partial.map((line) => line.id));
    const next = addCaption(final, { speaker: 'assistant', final: false, text: 'C' });
    expect(next.at(-1)!.id).toBeGreaterThan(final.at(-1)!.id);
  });

  test('the lines given are not changed', () => {
    const lines = Object.freeze(run([['user', 'partial', 'Hel']]).map((line) => Object.freeze(line)));
    const transcript: Transcript = { speaker: 'user', final: true, text: 'Hello.' };
    expect(() => addCaption(lines, transcript)).not.toThrow();
    expect(shown(lines)).toEqual(['user: Hel…']);
  });
});

test.each<[string, Step[], string | undefined]>([
  ['nothing yet', [], undefined],
  ['only a partial', [['user', 'partial', 'Hel']], undefined],
  [
    'the last final, not a later partial',
    [
      ['assistant', 'final', 'Hi.'],
      ['user', 'partial', 'Hel'],
    ],
    'Hi.',
  ],
  [
    'the latest of two finals',
    [
      ['assistant', 'final', 'Hi.'],
      ['user', 'final', 'Hello.'],
    ],
    'Hello.',
  ],
])('lastFinalCaption: %s', (_name, steps, expected) => {
  expect(lastFinalCaption(run(steps))?.text).toBe(expected);
});
