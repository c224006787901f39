import { describe, expect, test } from 'vitest';
import { DEFAULT_SITE_URL, pageUrl, siteOrigin } from './site-url.ts';

describe('siteOrigin accepts an absolute http(s) origin and gives it in one spelling', () => {
  test.each([
    ['https://franchise-ai.example', 'https://franchise-ai.example'],
    ['https://franchise-ai.example/', 'https://franchise-ai.example'],
    ['HTTPS://Franchise-AI.Example', 'https://franchise-ai.example'],
    ['http://127.0.0.1:4173', 'http://127.0.0.1:4173'],
    ['https://www.example.com:8443/', 'https://www.example.com:8443'],
    ['https://www.example.com:443', 'https://www.example.com'],
  ])('%j -> %j', (value, origin) => {
    expect(siteOrigin(value)).toBe(origin);
  });

  test('the default is one of them', () => {
    expect(siteOrigin(DEFAULT_SITE_URL)).toBe(DEFAULT_SITE_URL);
  });
});

describe('siteOrigin refuses anything else, saying why', () => {
  test.each([
    ['franchise-ai.example', 'is not an http:// or https:// address'],
    ['//franchise-ai.example', 'is not an http:// or https:// address'],
    ['ftp://franchise-ai.example', 'is not an http:// or https:// address'],
    ['https:franchise-ai.example', 'is not an http:// or https:// address'],
    ['https://franchise-ai.example/a\nb', 'is not an http:// or https:// address'],
    ['https://', 'is not a valid address'],
    ['https://exa mple.com', 'is not a valid address'],
    ['https://user:secret@franchise-ai.example', 'has credentials'],
    ['https://user@franchise-ai.example', 'has credentials'],
    ['https://franchise-ai.example/site', 'has a path'],
    ['https://franchise-ai.example//', 'has a path'],
    ['https://franchise-ai.example/?utm=x', 'has a query'],
    ['https://franchise-ai.example?', 'has a query'],
    ['https://franchise-ai.example#top', 'has a fragment'],
  ])('%j %s', (value, reason) => {
    expect(() => siteOrigin(value)).toThrow(
      `VITE_SITE_URL must be an absolute http:// or https:// origin such as ${DEFAULT_SITE_URL}, with no path, query, fragment or credentials; ${JSON.stringify(value)} ${reason}`,
    );
  });
});

test.each([
  ['/', 'https://franchise-ai.example/'],
  ['/demo', 'https://franchise-ai.example/demo'],
  ['/a b', 'https://franchise-ai.example/a%20b'],
])('pageUrl(origin, %j) -> %j', (path, url) => {
  expect(pageUrl('https://franchise-ai.example', path)).toBe(url);
});
