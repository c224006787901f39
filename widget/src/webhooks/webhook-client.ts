import { IDEMPOTENCY_KEY_HEADER, WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { WEBHOOK_NETWORK_TRIES, WEBHOOK_TIMEOUT_MS } from '../figures.ts';
import { deadlineSignal } from './deadline-signal.ts';
import { newIdempotencyKey, type IdempotencyKeys } from './idempotency-key.ts';
import { joinUrl } from '@franchise-ai/shared/web-url';
import { isRecord } from './assistant-answer.ts';
import { readCallTerms, UNKNOWN_CALL_TERMS, type KnownCallTerms } from './call-terms.ts';
import type { FieldReasons } from '@franchise-ai/shared/lead-rules';
import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import { isDemoId } from '@franchise-ai/shared/demo-id';

/** How a webhook call failed, so callers can word and log each case differently. */
export type WebhookErrorKind = 'status' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'redirect';

export class WebhookError extends Error {
  override readonly name = 'WebhookError';
  /** A 4xx answer's `fields` (`{field: reason}`), when its JSON body had them: what the visitor must fix. */
  readonly fields: FieldReasons | undefined;
  /** A 4xx answer's `error` (its JSON body's words, e.g. a 429's limit): what the host says to the visitor. */
  readonly hostError: string | undefined;
  /** A 4xx answer's `code` (a 429's limit, docs/INTEGRATION.md "Refusal codes"): the widget words it in its own language. */
  readonly code: string | undefined;
  /** A 400's `codes` (`{field: reason code}`), beside its `fields`: the same, for each field. */
  readonly codes: Readonly<Record<string, string>> | undefined;
  constructor(
    readonly kind: WebhookErrorKind,
    message: string,
    /** The HTTP status, for `status` and `invalid-response` (and `redirect` where the runtime shows it). */
    readonly status?: number,
    options?: { cause?: unknown; fields?: FieldReasons; hostError?: string; code?: string; codes?: Record<string, string> },
  ) {
    super(message, options);
    this.fields = options?.fields;
    this.hostError = options?.hostError;
    this.code = options?.code;
    this.codes = options?.codes;
  }
}

export const REDIRECT_REFUSED = 'The webhook host answered with a redirect; webhook requests do not follow redirects: point webhook-base at the final URL.';

export interface WebhookOptions {
  /** URL prefix including the product segment, e.g. `https://hooks.example.com/webhook/acme`; no query or fragment. */
  webhookBase: string;
  signal?: AbortSignal;
  /** Our own ceiling for the whole call, body included; rejects with kind `timeout`. */
  timeoutMs?: number;
  /** For hosts that wrap fetch (tests, proxies). Defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  /** Where the Idempotency-Key comes from. Default: a fresh key per call (its own retry reuses it). */
  idempotencyKeys?: IdempotencyKeys;
}

export interface DemoFormAnswer {
  calls: KnownCallTerms;
  /** The host's id for this demo: asked about on `demo_status`, sent with the later calls; null when it gave none. */
  demoId: string | null;
}

/** POSTs the form to `demo_form`: the ok status is what matters (spec section 7); `calls` and `demoId` extend the spec. */
export async function submitDemoRequest(request: DemoRequest, options: WebhookOptions): Promise<DemoFormAnswer> {
  return postJson(WEBHOOK_PATHS.demoForm, request, options, async (response) => {
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      body = null; // an empty or non-JSON body: the host took the form all the same
    }
    const demoId = isRecord(body) ? body['demoId'] : undefined;
    return { calls: body === null ? UNKNOWN_CALL_TERMS : readCallTerms(body), demoId: isDemoId(demoId) ? demoId : null };
  });
}

/** One POST to the webhook host, with its key, deadline, retries and refusals; `read` takes the ok answer. */
export async function postJson<T>(path: string, body: unknown, options: WebhookOptions, read: (response: Response) => T | Promise<T>): Promise<T> {
  const { webhookBase, signal, timeoutMs = WEBHOOK_TIMEOUT_MS, fetch = globalThis.fetch, idempotencyKeys } = options;
  const key = idempotencyKeys?.keyFor(path, body) ?? newIdempotencyKey();
  const deadline = deadlineSignal(signal, timeoutMs);
  const stopped = (cause: unknown): WebhookError | undefined => {
    switch (deadline.stoppedBy()) {
      case 'aborted':
        return new WebhookError('aborted', 'The request was canceled.', undefined, { cause });
      case 'timeout':
        return new WebhookError('timeout', `No answer within ${formatDuration(timeoutMs)}.`, undefined, { cause });
      default:
        return undefined;
    }
  };
  const send = () =>
    fetch(joinUrl(webhookBase, path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
      body: JSON.stringify(body),
      signal: deadline.signal,
      credentials: 'omit',
      // A followed 307 re-posts the lead elsewhere; a 302 becomes a GET whose 200 passes for success.
      redirect: 'manual',
    });
  try {
    let response: Response | undefined;
    for (let tries = 1; !response; tries++) {
      try {
        response = await send();
      } catch (cause) {
        const stop = stopped(cause);
        if (stop) throw stop;
        // The host may have stored the lead and lost the answer: the retry carries the same key.
        if (tries < WEBHOOK_NETWORK_TRIES) continue;
        const attempts = tries > 1 ? ` (${tries} tries)` : '';
        throw new WebhookError('network', `The webhook host could not be reached${attempts}.`, undefined, { cause });
      }
    }
    if (isRedirect(response)) {
      await discardBody(response);
      throw new WebhookError('redirect', REDIRECT_REFUSED, response.status || undefined);
    }
    if (!response.ok) {
      const { hostReason, ...refusal } = await readRefusal(response);
      const reason = refusal.hostError ?? hostReason;
      const said = reason ? `: ${reason}` : '.';
      throw new WebhookError('status', `The webhook host answered ${response.status}${said}`, response.status, refusal);
    }
    try {
      return await read(response);
    } catch (cause) {
      throw stopped(cause) ?? cause;
    }
  } finally {
    deadline.dispose();
  }
}

/** Browsers hide a manual redirect as an opaque answer (status 0); Node shows the 3xx itself. */
const isRedirect = (response: Response): boolean => response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);

/** The most of a 5xx's `error` the console quotes. */
const MAX_HOST_REASON = 300;

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** A 4xx JSON answer's `fields` and `error`, a 5xx's `error` as `hostReason`; a bad error body never hides the status. */
async function readRefusal(
  response: Response,
): Promise<{ fields?: FieldReasons; hostError?: string; hostReason?: string; code?: string; codes?: Record<string, string> }> {
  const clientError = response.status >= 400 && response.status < 500;
  if (response.status < 400 || !JSON_TYPE.test(response.headers.get('content-type') ?? '')) {
    await discardBody(response);
    return {};
  }
  try {
    const body: unknown = await response.json();
    const fields = fieldReasonsOf(body);
    const error = isRecord(body) && typeof body['error'] === 'string' ? body['error'].trim() : '';
    // A 5xx's words go only to the console: the visitor never sees a failure's cause.
    if (!clientError) return error ? { hostReason: error.slice(0, MAX_HOST_REASON) } : {};
    const code = isRecord(body) && typeof body['code'] === 'string' ? body['code'] : '';
    const codes = isRecord(body) ? stringsOf(body['codes']) : undefined;
    return { ...(fields ? { fields } : {}), ...(error ? { hostError: error } : {}), ...(code ? { code } : {}), ...(codes ? { codes } : {}) };
  } catch {
    return {};
  }
}

export function fieldReasonsOf(body: unknown): FieldReasons | undefined {
  return isRecord(body) ? stringsOf(body['fields']) : undefined;
}

/** The non-blank string values of an object, trimmed (its own keys only), or undefined when it has none. */
function stringsOf(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const strings = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '');
  return strings.length > 0 ? Object.fromEntries(strings.map(([key, text]) => [key, text.trim()])) : undefined;
}

/** Frees the connection of an answer whose body is not used (Node keeps it busy until the body is read or cancelled). */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

const formatDuration = (ms: number): string => (ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`);
