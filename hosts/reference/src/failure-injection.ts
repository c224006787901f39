import { isEndpoint, type Endpoint } from './endpoints.ts';

/**
 * What a developer can make an endpoint do instead of its job, so the
 * widget's error paths can be seen by hand:
 * - a status code (e.g. 500): answer it with a JSON error, store nothing;
 * - `timeout`: never answer (the client's own timeout has to fire);
 * - `reset`: drop the connection without an answer (a network failure);
 * - `malformed`: do the work, then answer 200 with a body that is not JSON.
 */
export type Failure = { kind: 'status'; status: number } | { kind: 'timeout' } | { kind: 'reset' } | { kind: 'malformed' };

/** Parses `FAIL=demo_form:500,website_demo_call:timeout`; throws on anything it does not understand. */
export function parseFailures(spec: string | undefined): Map<Endpoint, Failure> {
  const failures = new Map<Endpoint, Failure>();
  for (const entry of (spec ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [endpoint = '', what = ''] = entry.split(':').map((part) => part.trim());
    if (!isEndpoint(endpoint)) throw new Error(`FAIL: unknown endpoint "${endpoint}" in "${entry}".`);
    failures.set(endpoint, parseFailure(what, entry));
  }
  return failures;
}

function parseFailure(what: string, entry: string): Failure {
  if (what === 'timeout' || what === 'reset' || what === 'malformed') return { kind: what };
  const status = Number(what);
  if (Number.isInteger(status) && status >= 400 && status <= 599) return { kind: 'status', status };
  throw new Error(`FAIL: "${entry}" needs a status 400-599, timeout, reset or malformed.`);
}
