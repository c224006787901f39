import { describe, expect, test } from 'vitest';
import { lineAt } from '../components/sample-call.tsx';
import { privacy } from './privacy.ts';
import { proof } from './proof.ts';

// The trust row makes no promise of its own: each point is the privacy policy's own words, and
// links to the section that says them.
describe('the trust row', () => {
  test.each(proof.trust.items)('"$text" is said in /privacy#$section', ({ text, section }) => {
    const found = privacy.sections.find((candidate) => candidate.id === section);
    expect(found, `no section ${section} in content/privacy.ts`).toBeDefined();
    const words = [...found!.paragraphs, ...(found!.list ?? [])].join(' ').toLowerCase();
    expect(words).toContain(text.toLowerCase());
  });
});

describe('the sample call transcript', () => {
  const lines = [0, 1.5, 4].map((at) => ({ at, speaker: 'agent' as const, text: `at ${at}` }));
  test('marks the last line started, none before the first', () => {
    expect([-1, 0, 1.49, 1.5, 3.9, 10].map((time) => lineAt(lines, time))).toEqual([-1, 0, 0, 1, 1, 2]);
  });
});
