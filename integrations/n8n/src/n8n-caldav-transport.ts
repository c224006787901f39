// n8n's CalDAV transport (shared/src/caldav-client.ts): one text exchange through n8n's HTTP helper
// (n8n-http.ts), which takes any method (REPORT, PROPFIND) and any string body, redirects followed
// as axios does. The calendar is the operator's (CALDAV_URL), so no address policy.
import type { CalDavTransport } from '@franchise-ai/shared/caldav-client';
import { bodyText, headerOf, TEXT_EXCHANGE, timedOut, type TextExchange } from './n8n-http.ts';

export function n8nCalDavTransport(httpRequest: TextExchange): CalDavTransport {
  return async ({ method, url, headers, body, timeoutMs }) => {
    let answer: Awaited<ReturnType<TextExchange>>;
    try {
      answer = await httpRequest({ method, url, headers, ...(body !== undefined && { body }), ...TEXT_EXCHANGE, timeout: timeoutMs });
    } catch (error) {
      return { failed: timedOut(error) ? 'timeout' : 'unreachable' };
    }
    const received = answer.headers ?? {};
    const headersOut = Object.fromEntries(Object.keys(received).map((name) => [name.toLowerCase(), headerOf(received, name)]));
    return { status: answer.statusCode, headers: headersOut, body: bodyText(answer.body) };
  };
}
