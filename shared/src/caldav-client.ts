import { Parser } from 'htmlparser2';
import { isHttpUrl, parseUrl } from './web-url.ts';

// The few CalDAV requests booking a meeting takes, on one calendar collection (CALDAV_URL): the
// events in a time range (calendar-query REPORT, RFC 4791 §7.8), one event read, created only if
// absent (PUT with If-None-Match: *, RFC 9110 §13.1.2), deleted, and the calendar's own time zone
// (PROPFIND calendar-timezone). Written here rather than with a CalDAV library: tsdav, the one
// well kept for JavaScript, needs a fetch the n8n Code node sandbox lacks, and brings `debug` (whose
// Node build requires tty and util) and xml-js over sax (which requires stream), none of which a
// Code node may load; what it would add over these five requests is account discovery, which a
// collection URL makes unnecessary. The XML is read with htmlparser2, which the site reader already
// brings into every host, namespaces resolved as RFC 4918 writes them; the iCalendar text is left
// to calendar-events.ts. Each host plugs in its HTTP (CalDavTransport): the stand-in's fetch, n8n's
// `this.helpers.httpRequest`.

export interface CalDavRequest {
  method: 'REPORT' | 'PROPFIND' | 'GET' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Give up after this long: the answer is `{ failed: 'timeout' }`. */
  timeoutMs: number;
}

export interface CalDavResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body: string;
}

/** One HTTP exchange, redirects followed; a network failure or the timeout is an answer, never a throw. */
export type CalDavTransport = (request: CalDavRequest) => Promise<CalDavResponse | { failed: 'timeout' | 'unreachable' }>;

/** CALDAV_URL, CALDAV_USERNAME, CALDAV_PASSWORD. */
export interface CalDavConfig {
  /** The calendar collection itself, ending in `/`. */
  url: string;
  username: string;
  password: string;
}

/**
 * What went wrong, for the agent's words and the operator's log: no answer, none in time, the
 * credentials refused (401, or 403: this account may not use that calendar), no calendar at that
 * URL, or any other answer a calendar should not give; or no calendar set up at all (CALDAV_URL
 * unset or malformed, a MEETING_* setting malformed).
 */
export type CalDavFailure = 'unreachable' | 'timeout' | 'refused-credentials' | 'not-found' | 'calendar-error' | 'not-configured';

export type CalDavResult<T> = { ok: true; value: T } | { ok: false; failure: CalDavFailure; detail: string };

/** One calendar object resource: its URL, its ETag, its iCalendar text. */
export interface CalendarObject {
  url: string;
  etag: string | undefined;
  data: string;
}

/** The calendar settings from the environment: null when CALDAV_URL is unset (no calendar tools); malformed throws naming the variable. */
export function calDavFromEnv(env: Record<string, string | undefined>): CalDavConfig | null {
  const url = env['CALDAV_URL']?.trim();
  if (!url) return null;
  const parsed = parseUrl(url);
  if (!isHttpUrl(parsed)) throw new Error(`CALDAV_URL must be the http(s) URL of one calendar collection, got "${url}".`);
  const username = env['CALDAV_USERNAME'] ?? '';
  const password = env['CALDAV_PASSWORD'] ?? '';
  if (username.trim() === '' || password === '')
    throw new Error('CALDAV_URL needs CALDAV_USERNAME and CALDAV_PASSWORD too (an app password where the provider has them).');
  return { url: parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`, username: username.trim(), password };
}

/** No single request waits longer than this, whatever time the operation has left. */
export const CALDAV_REQUEST_TIMEOUT_MS = 5_000;

const DAV = 'DAV:';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';

/** The request body's iCalendar times: UTC, `20261208T130000Z`. */
export const icalUtc = (instant: number): string =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Basic credentials, UTF-8 as RFC 7617 has clients send them (btoa alone takes Latin-1 only). */
function basic(username: string, password: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${username}:${password}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

interface DavResponse {
  href: string;
  /** Each property found with a 2xx propstat, by `{namespace}local`. */
  props: Map<string, string>;
}

/**
 * A 207 Multi-Status body: each response's href and the text of its properties that came with a
 * 2xx status. Element names by namespace, whatever prefixes the server chose (`d:`, `D:`, none).
 */
export function parseMultistatus(xml: string): DavResponse[] {
  const responses: DavResponse[] = [];
  const scopes: Array<Map<string, string>> = [new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])];
  const path: string[] = [];
  let response: { href: string; propstats: Array<{ status: string; props: Map<string, string> }> } | null = null;
  let propstat: { status: string; props: Map<string, string> } | null = null;
  let text = '';
  const resolve = (qualified: string) => {
    const colon = qualified.indexOf(':');
    const prefix = colon < 0 ? '' : qualified.slice(0, colon);
    const local = colon < 0 ? qualified : qualified.slice(colon + 1);
    for (let at = scopes.length - 1; at >= 0; at -= 1) {
      const namespace = scopes[at]!.get(prefix);
      if (namespace !== undefined) return `{${namespace}}${local}`;
    }
    return `{}${local}`;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const scope = new Map<string, string>();
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute === 'xmlns') scope.set('', value);
          else if (attribute.startsWith('xmlns:')) scope.set(attribute.slice(6), value);
        }
        scopes.push(scope);
        const element = resolve(name);
        path.push(element);
        text = '';
        if (element === `{${DAV}}response` && path.length === 2) response = { href: '', propstats: [] };
        else if (element === `{${DAV}}propstat` && response) propstat = { status: '', props: new Map() };
      },
      ontext(chunk) {
        text += chunk;
      },
      onclosetag() {
        const element = path.at(-1)!;
        const parent = path.at(-2);
        if (response && element === `{${DAV}}href` && parent === `{${DAV}}response`) response.href = text.trim();
        else if (propstat && element === `{${DAV}}status` && parent === `{${DAV}}propstat`) propstat.status = text.trim();
        else if (propstat && parent === `{${DAV}}prop` && path.at(-3) === `{${DAV}}propstat`) propstat.props.set(element, text);
        else if (propstat && element === `{${DAV}}propstat`) {
          response?.propstats.push(propstat);
          propstat = null;
        } else if (response && element === `{${DAV}}response` && path.length === 2) {
          const props = new Map<string, string>();
          for (const found of response.propstats)
            if (/^HTTP\/\d(?:\.\d)?\s+2\d\d\b/i.test(found.status)) for (const [key, value] of found.props) props.set(key, value);
          responses.push({ href: response.href, props });
          response = null;
        }
        path.pop();
        scopes.pop();
        text = '';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return responses;
}

/** What an answer's status says, when it is not the one hoped for. */
function failureOf(status: number): CalDavFailure {
  if (status === 401 || status === 403) return 'refused-credentials';
  if (status === 404 || status === 410) return 'not-found';
  return 'calendar-error';
}

export interface CalDavClient {
  /** The events overlapping `[start, end)`, as the server finds them (a recurring event: its whole series, to expand). */
  eventsBetween(start: number, end: number): Promise<CalDavResult<CalendarObject[]>>;
  /** The object `name` in the collection; null when there is none. */
  read(name: string): Promise<CalDavResult<CalendarObject | null>>;
  /** Writes `data` as `name` only if no object has that name: 'exists' when one had (412). */
  create(name: string, data: string): Promise<CalDavResult<{ created: true; etag: string | undefined } | { created: false }>>;
  /** Deletes `name` (if still at `etag` when given); gone already is done. */
  remove(name: string, etag?: string): Promise<CalDavResult<void>>;
  /** The TZID of the calendar's calendar-timezone, null when it names none. */
  timeZone(): Promise<CalDavResult<string | null>>;
}

export interface CalDavClientOptions {
  /** When the whole operation must be over (ms since the epoch): each request gets what is left, at most CALDAV_REQUEST_TIMEOUT_MS. */
  deadline?: number;
  now?: () => number;
}

export function calDavClient(config: CalDavConfig, transport: CalDavTransport, { deadline, now = Date.now }: CalDavClientOptions = {}): CalDavClient {
  const authorization = basic(config.username, config.password);
  const objectUrl = (name: string) => new URL(encodeURIComponent(name), config.url).href;

  async function exchange(request: Omit<CalDavRequest, 'timeoutMs'>, expected: readonly number[]): Promise<CalDavResult<CalDavResponse>> {
    const left = deadline === undefined ? CALDAV_REQUEST_TIMEOUT_MS : Math.min(CALDAV_REQUEST_TIMEOUT_MS, deadline - now());
    if (left <= 0) return { ok: false, failure: 'timeout', detail: `${request.method} ${request.url}: no time left` };
    let answer: Awaited<ReturnType<CalDavTransport>>;
    try {
      answer = await transport({ ...request, headers: { Authorization: authorization, ...request.headers }, timeoutMs: left });
    } catch (error) {
      // A transport should answer failures, not throw them; one that does is still no answer.
      return { ok: false, failure: 'unreachable', detail: `${request.method} ${request.url}: ${(error as Error)?.message ?? error}` };
    }
    if ('failed' in answer) return { ok: false, failure: answer.failed, detail: `${request.method} ${request.url}: ${answer.failed}` };
    if (expected.includes(answer.status)) return { ok: true, value: answer };
    return { ok: false, failure: failureOf(answer.status), detail: `${request.method} ${request.url}: ${answer.status} ${answer.body.slice(0, 200)}` };
  }

  const objectsOf = (body: string): CalendarObject[] =>
    parseMultistatus(body).flatMap((response) => {
      const data = response.props.get(`{${CALDAV}}calendar-data`);
      return data === undefined || data.trim() === ''
        ? []
        : [{ url: parseUrl(response.href, config.url)?.href ?? response.href, etag: response.props.get(`{${DAV}}getetag`)?.trim(), data }];
    });

  return {
    async eventsBetween(start, end) {
      const body =
        '<?xml version="1.0" encoding="utf-8"?>' +
        `<C:calendar-query xmlns:D="${DAV}" xmlns:C="${CALDAV}"><D:prop><D:getetag/><C:calendar-data/></D:prop>` +
        `<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="${icalUtc(start)}" end="${icalUtc(end)}"/></C:comp-filter></C:comp-filter></C:filter>` +
        '</C:calendar-query>';
      const answer = await exchange(
        { method: 'REPORT', url: config.url, headers: { Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' }, body },
        [207],
      );
      return answer.ok ? { ok: true, value: objectsOf(answer.value.body) } : answer;
    },

    async read(name) {
      const url = objectUrl(name);
      const answer = await exchange({ method: 'GET', url, headers: { Accept: 'text/calendar' } }, [200, 404, 410]);
      if (!answer.ok) return answer;
      return { ok: true, value: answer.value.status === 200 ? { url, etag: answer.value.headers['etag'], data: answer.value.body } : null };
    },

    async create(name, data) {
      const answer = await exchange(
        { method: 'PUT', url: objectUrl(name), headers: { 'If-None-Match': '*', 'Content-Type': 'text/calendar; charset=utf-8' }, body: data },
        [200, 201, 204, 412],
      );
      if (!answer.ok) return answer;
      return { ok: true, value: answer.value.status === 412 ? { created: false } : { created: true, etag: answer.value.headers['etag'] } };
    },

    async remove(name, etag) {
      const answer = await exchange({ method: 'DELETE', url: objectUrl(name), headers: etag ? { 'If-Match': etag } : {} }, [200, 204, 404, 410]);
      return answer.ok ? { ok: true, value: undefined } : answer;
    },

    async timeZone() {
      const body = `<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="${DAV}" xmlns:C="${CALDAV}"><D:prop><C:calendar-timezone/></D:prop></D:propfind>`;
      const answer = await exchange(
        { method: 'PROPFIND', url: config.url, headers: { Depth: '0', 'Content-Type': 'application/xml; charset=utf-8' }, body },
        [207],
      );
      if (!answer.ok) return answer;
      const zone = parseMultistatus(answer.value.body)
        .map((response) => response.props.get(`{${CALDAV}}calendar-timezone`))
        .find((value) => value !== undefined);
      // The TZID line of its VTIMEZONE (folded lines unfolded first, RFC 5545 §3.1).
      const tzid = zone === undefined ? undefined : /^TZID[^:]*:(.+)$/im.exec(zone.replace(/\r?\n[ \t]/g, ''))?.[1]?.trim();
      return { ok: true, value: tzid || null };
    },
  };
}
