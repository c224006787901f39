import { expect, test } from 'vitest';
import { CANONICAL_SEARCH_CHARS, canonicalHref } from './canonical-link.ts';

test.each([
  ['in the head', '<html><head><link rel="canonical" href="https://acme.example/a"></head><body></body></html>', 'https://acme.example/a'],
  ['with other rel words, case and entities', '<HEAD><LINK REL="Canonical alternate" HREF=" /a?x=1&amp;y=2 "></HEAD>', '/a?x=1&y=2'],
  ['the first of two', '<link rel="canonical" href="/a"><link rel="canonical" href="/b">', '/a'],
  ['none', '<head><link rel="stylesheet" href="/s.css"></head>', ''],
  ['one without an href', '<link rel="canonical"><link rel="canonical" href="/b">', '/b'],
  ['not in the body (a pasted snippet is no claim)', '<head></head><body><link rel="canonical" href="/x"></body>', ''],
])('%s', (_, html, href) => {
  expect(canonicalHref(html)).toBe(href);
});

test('only the start of a page is searched, however large the page', () => {
  const late = `<head>${'<meta name="x" content="y">'.repeat(CANONICAL_SEARCH_CHARS / 20)}<link rel="canonical" href="/late"></head>`;
  expect(canonicalHref(late)).toBe('');
  expect(() => canonicalHref('<link rel="canonical" href="'.repeat(100_000))).not.toThrow();
});
