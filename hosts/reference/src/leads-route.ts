import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendJson } from './http.ts';
import { leadsAccess, type LeadsAccess } from './leads-access.ts';
import type { Store } from './store.ts';

const ENABLE = 'set LEADS_TOKEN (32+ characters) on the host to serve it, or run pnpm leads on the machine that holds the database';

/** Why a request was refused, as the answer says it: each tells the reader what to do instead. */
const REFUSAL: Record<Exclude<LeadsAccess, 'granted'>, (req: IncomingMessage) => HttpError> = {
  disabled: () => new HttpError(404, `The lead list is off: ${ENABLE}.`),
  'from-browser': (req) =>
    new HttpError(403, `The lead list is not readable from a web page (Origin ${req.headers.origin}); use pnpm leads, or curl with the LEADS_TOKEN.`),
  'no-token': () =>
    new HttpError(401, 'Reading the lead list needs the header Authorization: Bearer <LEADS_TOKEN>.', {}, { 'WWW-Authenticate': 'Bearer realm="leads"' }),
  'wrong-token': () =>
    new HttpError(
      401,
      'The bearer token is not the LEADS_TOKEN this host was started with.',
      {},
      {
        'WWW-Authenticate': 'Bearer realm="leads", error="invalid_token"',
      },
    ),
};

/** GET /leads?limit=N: the stored requests, newest first, for whoever holds LEADS_TOKEN (see leads-access.ts). */
export function serveLeads(req: IncomingMessage, res: ServerResponse, params: URLSearchParams, token: string | undefined, store: Store): void {
  const access = leadsAccess(token, { authorization: req.headers.authorization, origin: req.headers.origin });
  if (access === 'disabled') throw REFUSAL.disabled(req);
  if (req.method !== 'GET') throw new HttpError(405, 'Use GET for /leads.', {}, { Allow: 'GET' });
  if (access !== 'granted') throw REFUSAL[access](req);
  const limit = Math.min(Math.max(Number(params.get('limit')) || 100, 1), 1000);
  sendJson(res, 200, { leads: store.list(limit) });
}
