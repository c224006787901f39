import { WEBHOOK_PATHS, WEBHOOK_TIMEOUT_MS } from './constants.ts';
import { deadlineSignal } from './deadline-signal.ts';
import { joinUrl } from './join-url.ts';
import type { DemoRequest, PhoneCallRequest } from './types.ts';

/** How a webhook call failed, so callers can word and log each case differently. */
export type WebhookErrorKind = 'status' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

export class WebhookError extends Error {
  override readonly name = 'WebhookError';
  constructor(
    readonly kind: WebhookErrorKind,
    message: string,
    /** The HTTP status, for `status` and `invalid-response`. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface WebhookOptions {
  /** URL prefix including the product segment, e.g. `https://hooks.example.com/webhook/acme`. */
  webhookBase: string;
  /** Cancels the call; rejects with kind `aborted`. */
  signal?: AbortSignal;
  /** Our own ceiling for the whole call, body included; rejects with kind `timeout`. */
  timeoutMs?: number;
  /** For hosts that wrap fetch (tests, proxies). Defaults to the global one. */
  fetch?: typeof globalThis.fetch;
}

/** POSTs the form to `demo_form`; only an ok status matters (spec section 7). */
export async function submitDemoRequest(request: DemoRequest, options: WebhookOptions): Promise<void> {
  await postJson(WEBHOOK_PATHS.demoForm, request, options, discardBody);
}

/** POSTs the form to `website_demo_call` and reads `assistantId` (or `assistant_id`) from the answer. */
export async function fetchAssistantId(request: DemoRequest, options: WebhookOptions): Promise<string> {
  return postJson(WEBHOOK_PATHS.websiteDemoCall, request, options, async (response) => {
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new WebhookError('invalid-response', 'The assistant answer was not JSON.', response.status, { cause });
    }
    const id = readAssistantId(body);
    if (!id) throw new WebhookError('invalid-response', 'The assistant answer had no assistant id.', response.status);
    return id;
  });
}

/** POSTs to `trigger_ai_demo_call`; the answer is ignored (spec section 7). */
export async function triggerDemoCall(request: PhoneCallRequest, options: WebhookOptions): Promise<void> {
  await postJson(WEBHOOK_PATHS.triggerDemoCall, request, options, discardBody);
}

export function readAssistantId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  // The first usable one wins, so an empty `assistantId` does not hide a good `assistant_id`.
  return [record['assistantId'], record['assistant_id']].find(
    (id): id is string => typeof id === 'string' && id.trim() !== '',
  );
}

async function postJson<T>(
  path: string,
  body: unknown,
  options: WebhookOptions,
  read: (response: Response) => T | Promise<T>,
): Promise<T> {
  const { webhookBase, signal, timeoutMs = WEBHOOK_TIMEOUT_MS, fetch = globalThis.fetch } = options;
  const deadline = deadlineSignal(signal, timeoutMs);
  // Why the call stopped, decided by which signal fired first.
  const stopped = (cause: unknown): WebhookError | undefined => {
    switch (deadline.stoppedBy()) {
      case 'aborted':
        return new WebhookError('aborted', 'The request was cancelled.', undefined, { cause });
      case 'timeout':
        return new WebhookError('timeout', `No answer within ${formatDuration(timeoutMs)}.`, undefined, { cause });
      default:
        return undefined;
    }
  };
  try {
    let response: Response;
    try {
      response = await fetch(joinUrl(webhookBase, path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: deadline.signal,
        credentials: 'omit',
      });
    } catch (cause) {
      throw stopped(cause) ?? new WebhookError('network', 'The webhook host could not be reached.', undefined, { cause });
    }
    if (!response.ok) {
      await discardBody(response);
      throw new WebhookError('status', `The webhook host answered ${response.status}.`, response.status);
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

/** Frees the connection of an answer whose body is not used (Node keeps it busy until the body is read or cancelled). */
async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

const formatDuration = (ms: number): string => (ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`);
