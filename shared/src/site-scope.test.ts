import { describe, expect, it } from 'vitest';
import { chosenUrls, isHtmlType, sameSite } from './site-scope.ts';

describe('sameSite', () => {
  it.each([
    ['https://acme.test/', 'https://acme.test/about', true],
    ['https://acme.test/', 'http://www.acme.test/', true],
    ['https://www.acme.test/', 'https://ACME.test:8443/', true],
    ['https://acme.test/', 'https://shop.acme.test/', false],
    ['https://acme.test/', 'https://acme.test.evil.example/', false],
    ['https://acme.test/', 'https://wwwacme.test/', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameSite(new URL(a), new URL(b))).toBe(same);
  });
});

describe('isHtmlType', () => {
  it.each([
    ['text/html', true],
    ['text/html; charset=utf-8', true],
    ['TEXT/HTML;charset=UTF-8', true],
    ['application/xhtml+xml', true],
    ['application/json', false],
    ['text/plain', false],
    ['text/htmlx', false],
    [undefined, false],
  ])('%s: %s', (type, html) => {
    expect(isHtmlType(type)).toBe(html);
  });
});

describe('chosenUrls', () => {
  it('keeps same-site http(s) pages once each, in order, without fragments or the home page', () => {
    const home = new URL('https://acme.test/');
    const chosen = chosenUrls(home, [
      '/locations',
      'locations#map',
      'https://www.acme.test/franchise',
      '/',
      '#top',
      'https://other.test/',
      'mailto:info@acme.test',
      'javascript:alert(1)',
      'http://[::1',
      '//acme.test/about',
    ]);
    expect(chosen.map(String)).toEqual(['https://acme.test/locations', 'https://www.acme.test/franchise', 'https://acme.test/about']);
  });
});
