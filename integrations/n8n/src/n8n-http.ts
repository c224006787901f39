// One exchange through n8n's own HTTP helper (`this.helpers.httpRequest`, axios in n8n's main
// process) as the site reader and the calendar make it: the body as text, every status answered as
// a value, and what comes back read the same way. Only the message of a thrown error crosses from
// n8n's main process to the Code node's task runner, so a timeout is told by its words.

/** n8n's `this.helpers.httpRequest` for a text exchange (n8n-core's convertN8nRequestToAxios). */
export type TextExchange = (options: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** axios `maxRedirects: 0`: a 3xx is the answer (else redirects are followed as axios does). */
  disableFollowRedirect?: true;
  /** The body as a string (axios `responseType: 'text'`, decoded as UTF-8), never parsed as JSON. */
  encoding: 'text';
  json: false;
  timeout: number;
  returnFullResponse: true;
  /** axios `validateStatus: () => true`: a 401, 404 or 412 is an answer, not a throw. */
  ignoreHttpStatusErrors: true;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: unknown }>;

/** What a text exchange always sends, whatever its method. */
export const TEXT_EXCHANGE = { encoding: 'text', json: false, returnFullResponse: true, ignoreHttpStatusErrors: true } as const;

/** A header of the answer (axios lower-cases the names): its first value when repeated. */
export const headerOf = (headers: Record<string, unknown>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
};

/** The answer's body as text, whatever the helper made of it. */
export const bodyText = (body: unknown): string => (typeof body === 'string' ? body : body == null ? '' : JSON.stringify(body));

/** Whether a thrown exchange ran out of time: axios names its own timeout ECONNABORTED / ETIMEDOUT. */
export const timedOut = (error: unknown): boolean => /timeout|ETIMEDOUT|ECONNABORTED/i.test(String((error as Error)?.message));
