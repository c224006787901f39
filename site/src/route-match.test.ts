import { describe, expect, test } from 'vitest';
import { matchRoute } from 'wouter';
import { pageFor, routeParser } from './route-match.ts';

// The router must agree with the static host: a path the host answers with a page's prerendered
// HTML renders that page, anything else (404.html) renders the 404 page.
describe('routeParser matches like a static host', () => {
  test.each([
    ['/', '/', true],
    ['/', '', true],
    ['/', '/privacy', false],
    ['/privacy', '/privacy', true],
    ['/privacy', '/privacy/', true],
    ['/privacy', '/Privacy', false],
    ['/privacy', '/PRIVACY/', false],
    ['/privacy', '/privacy/cookies', false],
    ['/privacy', '/privacyx', false],
    ['/demo', '/demo', true],
    ['/demo', '/Demo', false],
    ['/fr/', '/fr/', true],
    ['/fr/', '/fr', true],
    ['/fr/', '/', false],
    ['/fr/demo', '/fr/demo/', true],
    ['/fr/demo', '/demo', false],
    ['*', '/anything/at/all', true],
  ])('route %j, path %j -> %s', (route, path, matches) => {
    expect(matchRoute(routeParser, route, path)[0]).toBe(matches);
  });

  test('a route with regular-expression characters matches only itself', () => {
    expect(matchRoute(routeParser, '/a.b', '/a.b')[0]).toBe(true);
    expect(matchRoute(routeParser, '/a.b', '/axb')[0]).toBe(false);
  });
});

describe('pageFor', () => {
  test.each([
    ['/', '/'],
    ['/demo', '/demo'],
    ['/demo/', '/demo'],
    ['/privacy', '/privacy'],
    ['/terms/', '/terms'],
    ['/Terms', '/404'],
    ['/nowhere', '/404'],
    ['/privacy/index.html', '/404'],
    ['/fr/', '/fr/'],
    ['/fr', '/fr/'],
    ['/fr/demo', '/fr/demo'],
    ['/fr/confidentialite/', '/fr/confidentialite'],
    ['/fr/conditions', '/fr/conditions'],
    ['/fr/embed', '/404'],
    ['/fr/privacy', '/404'],
  ])('%j shows %j', (location, page) => {
    expect(pageFor(location).path).toBe(page);
  });
});
