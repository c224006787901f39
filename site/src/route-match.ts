import { withoutTrailingSlashes } from '@franchise-ai/shared/web-url';
import type { Parser } from 'wouter';
import { NOT_FOUND, ROUTES, type RouteMeta } from './routes.ts';

/** `/privacy/` is `/privacy`; `/` stays `/`. */
const withoutTrailingSlash = (path: string): string => withoutTrailingSlashes(path) || '/';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How wouter matches our routes: like a static host finds the prerendered files, case-sensitive
 * and with an optional trailing slash. wouter's default (regexparam) ignores case, so /Privacy
 * would be answered with 404.html by the host yet render the privacy page on the client: a
 * hydration mismatch. Our routes are literal paths plus the catch-all.
 */
export const routeParser: Parser = (route) =>
  route === '*'
    ? { keys: ['*'], pattern: /^(.*)$/ }
    : { keys: [], pattern: new RegExp(`^${escapeRegExp(withoutTrailingSlash(route)).replace(/^\/$/, '')}/?$`) };

/** The page a location shows, matched as the router matches it (`/fr` and `/fr/` are both the French landing). */
export const pageFor = (location: string): RouteMeta =>
  ROUTES.find((route) => withoutTrailingSlash(route.path) === withoutTrailingSlash(location)) ?? NOT_FOUND;
