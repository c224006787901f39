import { expect, test } from 'vitest';
import { pageIdentity, requestUrl } from './page-url.ts';

const identity = (href: string): string => pageIdentity(new URL(href));

test.each([
  ['https://www.acme.example/', 'http://acme.example'],
  ['https://acme.example/', 'https://acme.example/index.php'],
  ['https://acme.example/', 'https://acme.example/index.html#top'],
  ['https://acme.example/', 'https://acme.example/default.aspx'],
  ['https://acme.example/', 'https://acme.example/index'],
  ['https://acme.example/about', 'https://acme.example/about/index.php'],
  ['https://acme.example/about', 'https://acme.example/about/'],
  ['https://acme.example/about', 'https://acme.example//about'],
  ['https://acme.example/', 'https://acme.example/?utm_source=news&utm_medium=email&gclid=x&fbclid=y&mc_cid=1&ref=home'],
  ['https://acme.example/menu', 'https://acme.example/menu?PHPSESSID=abc&sessionid=1&sid=2'],
  ['https://acme.example/menu', 'https://acme.example/menu;jsessionid=ABC123'],
  ['https://acme.example/', 'https://acme.example/?lang=en'],
  ['https://acme.example/?a=1&b=2', 'https://acme.example/?b=2&a=1'],
  ['https://acme.example/?p=contact', 'https://acme.example/index.php?p=contact&utm_campaign=x'],
])('%s and %s are one page', (a, b) => {
  expect(identity(a)).toBe(identity(b));
});

test.each([
  ['https://acme.example/?p=franchise', 'https://acme.example/?p=contact'],
  ['https://acme.example/', 'https://acme.example/?id=1'],
  ['https://acme.example/about', 'https://acme.example/About'],
  ['https://acme.example/home', 'https://acme.example/'],
  ['https://acme.example/', 'https://shop.acme.example/'],
  ['https://acme.example:8443/', 'https://acme.example/'],
])('%s and %s are two pages', (a, b) => {
  expect(identity(a)).not.toBe(identity(b));
});

test('the URL asked for keeps what may choose content and drops the fragment and the tracking', () => {
  expect(requestUrl(new URL('https://acme.example/index.php?p=franchise&utm_source=x&lang=fr#form')).href).toBe(
    'https://acme.example/index.php?p=franchise&lang=fr',
  );
  expect(requestUrl(new URL('https://acme.example/a;jsessionid=1?gclid=2')).href).toBe('https://acme.example/a');
});
