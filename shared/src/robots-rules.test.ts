import { describe, expect, it } from 'vitest';
import { robotsAnswerForStatus, robotsRules } from './robots-rules.ts';
import { ROBOTS_PRODUCT_TOKEN, readerUserAgent } from './site-reader.ts';

const UA = readerUserAgent('https://demo.test/bot');
const ROBOTS = 'https://acme.test/robots.txt';

describe('robotsAnswerForStatus (RFC 9309 §2.3.1)', () => {
  it.each([
    [200, 'text'],
    [404, 'unavailable'],
    [403, 'unavailable'],
    [500, 'unreachable'],
    [503, 'unreachable'],
  ])('%i: %s', (status, kind) => {
    expect(robotsAnswerForStatus(status, '').kind).toBe(kind);
  });
});

describe('robotsRules', () => {
  const text = ['User-agent: *', 'Disallow: /', '', `User-agent: ${ROBOTS_PRODUCT_TOKEN.split('/')[0]}`, 'Disallow: /members/', 'Allow: /members/join'].join(
    '\n',
  );
  const rules = robotsRules(ROBOTS, { kind: 'text', text }, UA);

  it.each([
    ['https://acme.test/', true],
    ['https://acme.test/locations', true],
    ['https://acme.test/members/area', false],
    ['https://acme.test/members/join', true],
  ])('our group applies, not the catch-all: %s → %s', (url, allowed) => {
    expect(rules(url)).toBe(allowed);
  });

  it('falls back to the catch-all group when none names us', () => {
    const catchAll = robotsRules(ROBOTS, { kind: 'text', text: 'User-agent: *\nDisallow: /private\n' }, UA);
    expect(catchAll('https://acme.test/private/x')).toBe(false);
    expect(catchAll('https://acme.test/about')).toBe(true);
  });

  it('allows all when robots.txt is unavailable and nothing when unreachable', () => {
    expect(robotsRules(ROBOTS, { kind: 'unavailable' }, UA)('https://acme.test/x')).toBe(true);
    expect(robotsRules(ROBOTS, { kind: 'unreachable' }, UA)('https://acme.test/x')).toBe(false);
  });
});
