import { describe, expect, it } from 'vitest';
import { hasHttpScheme, isHttpUrl, joinUrl, parseUrl, websiteScheme, withoutTrailingSlashes, type WebsiteScheme } from './web-url.ts';

describe('joinUrl', () => {
  it.each<[string, string, string]>([
    ['https://h.example/webhook/acme', '/demo_form', 'https://h.example/webhook/acme/demo_form'],
    ['https://h.example/webhook/acme/', '/demo_form', 'https://h.example/webhook/acme/demo_form'],
    ['https://h.example/webhook/acme///', '/demo_form', 'https://h.example/webhook/acme/demo_form'],
    ['http://127.0.0.1:5678/webhook/x', '/trigger_ai_demo_call', 'http://127.0.0.1:5678/webhook/x/trigger_ai_demo_call'],
    ['https://api.vapi.ai', '/assistant', 'https://api.vapi.ai/assistant'],
    ['https://api.vapi.ai/', '/call', 'https://api.vapi.ai/call'],
  ])('%s + %s', (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });
});

describe('withoutTrailingSlashes', () => {
  it.each<[string, string]>([
    ['https://h.example/x', 'https://h.example/x'],
    ['https://h.example/x/', 'https://h.example/x'],
    ['https://h.example/x///', 'https://h.example/x'],
    ['https://h.example/x/?', 'https://h.example/x/?'],
    ['/privacy/', '/privacy'],
    ['/', ''],
  ])('%j -> %j', (text, expected) => {
    expect(withoutTrailingSlashes(text)).toBe(expected);
  });
});

describe('hasHttpScheme: the text starts with http:// or https://', () => {
  it.each<[string, boolean]>([
    ['http://acme.com', true],
    ['https://acme.com', true],
    ['HTTPS://acme.com', true],
    ['hTtP://acme.com', true],
    ['acme.com', false],
    ['http:acme.com', false],
    ['https:/acme.com', false],
    ['ftp://acme.com', false],
    [' https://acme.com', false],
    ['acme.com/http://x', false],
  ])('%j -> %s', (text, expected) => {
    expect(hasHttpScheme(text)).toBe(expected);
  });
});

describe('websiteScheme: a typed website starts with no scheme, a web one, or another', () => {
  it.each<[string, WebsiteScheme]>([
    ['www.yourfranchise.com', 'none'],
    ['acme.com/locations/paris?x=1', 'none'],
    ['acme.com/http://x', 'none'],
    // A host and a port, although the URL parser would take `acme.com` for a scheme.
    ['acme.com:8080', 'none'],
    ['localhost:3000/menu', 'none'],
    ['acme.com:8080?x=1', 'none'],
    ['acme.com:8080#top', 'none'],
    ['[::1]:8080', 'none'],
    ['https://acme.com', 'web'],
    ['HTTP://ACME.COM:8080/a', 'web'],
    ['https://localhost:3000', 'web'],
    ['https://acme.com/ftp://x', 'web'],
    ['ftp://files.example', 'other'],
    ['FTP://files.example', 'other'],
    ['mailto:x@y.z', 'other'],
    ['javascript:alert(1)', 'other'],
    ['tel:+15551234567', 'other'],
    ['data:text/html,hi', 'other'],
    ['web+acme://x', 'other'],
    ['http:acme.com', 'other'],
    ['https:/acme.com', 'other'],
    ['https://ftp://files.example', 'other'],
    ['https://https://acme.com', 'other'],
  ])('%j -> %s', (text, expected) => {
    expect(websiteScheme(text)).toBe(expected);
  });
});

describe('isHttpUrl: a parsed URL on http: or https:', () => {
  it.each<[string, string | undefined, boolean]>([
    ['https://acme.com', undefined, true],
    ['HTTP://ACME.COM', undefined, true],
    // What the parser makes of these is absolute http(s), whatever the text looked like.
    ['http:acme.com', undefined, true],
    ['https:\\\\acme.com', undefined, true],
    ['/start', 'https://relative.invalid/', true],
    ['ftp://acme.com', undefined, false],
    ['javascript:alert(1)', undefined, false],
    ['JavaScript:alert(1)', 'https://relative.invalid/', false],
    ['data:text/plain,hi', undefined, false],
    ['mailto:jane@acme.com', undefined, false],
  ])('%j (base %j) -> %s', (value, base, expected) => {
    expect(isHttpUrl(parseUrl(value, base))).toBe(expected);
  });

  it('is false for what does not parse', () => {
    expect(parseUrl('not a url')).toBeNull();
    expect(isHttpUrl(null)).toBe(false);
  });
});
