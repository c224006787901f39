// n8n's CalDAV transport (shared/src/caldav-client.ts): one exchange through n8n's own HTTP helper
// (`this.helpers.httpRequest`, axios in n8n's main process), which takes any method (REPORT,
// PROPFIND) and any string body; every status answered as a value, the body as text, redirects
// followed as axios does. The calendar is the operator's (CALDAV_URL), so no address policy.
import type { CalDavTransport } from '@franchise-ai/shared/caldav-client';

/** n8n's `this.helpers.httpRequest` as the transport uses it (n8n-core's convertN8nRequestToAxios). */
export type HttpExchange = (options: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body as a string (axios `responseType: 'text'`), never parsed as JSON. */
  encoding: 'text';
  json: false;
  timeout: number;
  returnFullResponse: true;
  /** axios `validateStatus: () => true`: a 401 or 412 is an answer, not a throw. */
  ignoreHttpStatusErrors: true;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: unknown }>;

export function n8nCalDavTransport(httpRequest: HttpExchange): CalDavTransport {
  return async ({ method, url, headers, body, timeoutMs }) => {
    let answer: Awaited<ReturnType<HttpExchange>>;
    try {
      answer = await httpRequest({
        method,
        url,
        headers,
        ...(body !== undefined && { body }),
        encoding: 'text',
        json: false,
        timeout: timeoutMs,
        returnFullResponse: true,
        ignoreHttpStatusErrors: true,
      });
    } catch (error) {
      // axios names its own timeout ECONNABORTED / ETIMEDOUT; the message is all that crosses from n8n's main process.
      return { failed: /timeout|ETIMEDOUT|ECONNABORTED/i.test(String((error as Error)?.message)) ? 'timeout' : 'unreachable' };
    }
    const headersOut: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(answer.headers ?? {}))
      headersOut[name.toLowerCase()] = Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
    const text = typeof answer.body === 'string' ? answer.body : answer.body == null ? '' : JSON.stringify(answer.body);
    return { status: answer.statusCode, headers: headersOut, body: text };
  };
}
