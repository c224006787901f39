import { withoutTrailingSlashes } from './web-url.ts';

/** Which browser origins may call the webhooks. */
export type OriginPolicy = (origin: string) => boolean;

// Any port on the loopback names, http or https: every local dev server and test page.
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** `CORS_ORIGINS`: a comma-separated allow-list of exact origins, `*` for any; unset means local origins only. */
export function parseOriginPolicy(value: string | undefined): OriginPolicy {
  const listed = (value ?? '')
    .split(',')
    .map((origin) => withoutTrailingSlashes(origin.trim()))
    .filter(Boolean);
  if (listed.length === 0) return (origin) => LOCAL_ORIGIN.test(origin);
  if (listed.includes('*')) return () => true;
  const allowed = new Set(listed);
  return (origin) => allowed.has(origin);
}

/** Every host's answer to a browser origin its policy refuses (403). */
export const originRefused = (origin: string): string => `Origin ${origin} may not call this host (see CORS_ORIGINS).`;
