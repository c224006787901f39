import { describe, expect, test } from 'vitest';
import { fences, guideFiles, readGuide } from './support/fences.ts';

// What holds for every guide: each snippet is addressable by its title (that is how the tests
// read it), the index lists every guide, and no snippet carries a real URL or key: only the
// placeholders the index explains.
const PLACEHOLDERS = ['{cdn}', '{vue-cdn}', '{webhook-base}'];

describe.each(guideFiles())('%s', (file) => {
  const all = fences(readGuide(file));

  test('has snippets, each with a title unique in its guide', () => {
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((snippet) => snippet.title === '').map((snippet) => snippet.code.slice(0, 60))).toEqual([]);
    const titles = all.map((snippet) => snippet.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  test('every URL and {placeholder} in its snippets is one of the placeholders', () => {
    const code = all.map((snippet) => snippet.code).join('\n');
    const urls = code.match(/https?:\/\/[^\s'"`)]+/g) ?? [];
    expect(urls.filter((url) => !PLACEHOLDERS.some((placeholder) => url.startsWith(`https://${placeholder}/`)))).toEqual([]);
    const braces = code.match(/'\{[a-z-]+\}'|"\{[a-z-]+\}"|\/\/\{[a-z-]+\}/g) ?? [];
    expect(braces.map((match) => match.replace(/^['"/]+|['"]$/g, '')).filter((name) => !PLACEHOLDERS.includes(name))).toEqual([]);
  });

  test('is listed in the index', () => {
    expect(readGuide('README.md')).toContain(`](${file})`);
  });
});
