// The stand-in's CalDAV transport (shared/src/caldav-client.ts): Node's fetch, redirects followed,
// the whole exchange (headers and body) under one timeout. The calendar is the operator's own
// (CALDAV_URL), so no address policy applies as it does to the visitors' websites.
import type { CalDavTransport } from '@franchise-ai/shared/caldav-client';

/** The most of a calendar's answer read: a three-week calendar-query of a busy team is far less. */
export const MAX_CALDAV_BODY_BYTES = 8 * 1024 * 1024;

export const fetchTransport: CalDavTransport = async ({ method, url, headers, body, timeoutMs }) => {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { method, headers, ...(body !== undefined && { body }), redirect: 'follow', signal });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_CALDAV_BODY_BYTES) {
      await response.body?.cancel();
      return { status: 502, headers: {}, body: `answer of ${length} bytes, more than ${MAX_CALDAV_BODY_BYTES}` };
    }
    const text = await response.text();
    return { status: response.status, headers: Object.fromEntries([...response.headers].map(([name, value]) => [name.toLowerCase(), value])), body: text };
  } catch (error) {
    // AbortSignal.timeout aborts with a TimeoutError, whether during the connection or the body.
    return { failed: signal.aborted || (error as Error)?.name === 'TimeoutError' ? 'timeout' : 'unreachable' };
  }
};
