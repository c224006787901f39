// Nothing left on the provider's account: a visitor's prompt holds their name and their website's
// words, and thousands of unused assistants would pile up after a month of traffic. A phone call carries its assistant inline (a
// transient assistant, voice-requests.ts), so it leaves nothing; a browser call needs one saved by
// `POST /assistant` (the widget starts it by id), and every host deletes it again: once its call has
// ended (on the end-of-call report), at once when the request that made it fails, and, failing both,
// by a sweep of those older than ASSISTANT_LIFETIME_MINUTES. Each host runs these rules with its own
// HTTP (the stand-in's fetch, n8n's helper); they never throw.

/** What a host's request to the provider's API came back with: `status` null when no answer arrived. */
export interface ProviderAnswer {
  status: number | null;
  body: unknown;
  /** Why it failed, for the host's log; empty when it answered. */
  error: string;
}

/** One request to the provider's API (`{VAPI_API_BASE}{path}`, with the private key). */
export type ProviderRequest = (method: 'GET' | 'DELETE', path: string) => Promise<ProviderAnswer>;

/**
 * What marks an assistant as one a host made for one visitor (in its `metadata`), the only kind a
 * host deletes: an assistant the operator made (VAPI_ASSISTANT_ID, or any other) never carries it.
 */
export const PER_VISITOR_MARK = { createdBy: 'franchise-ai-demo' } as const;

/**
 * How long a per-visitor assistant may stay unused before the sweep deletes it. The widget asks for a
 * new one before a call once its assistant is older than WIDGET_ASSISTANT_MINUTES, so no visitor
 * starts a call with one the sweep may be deleting.
 */
export const ASSISTANT_LIFETIME_MINUTES = 60;
export const WIDGET_ASSISTANT_MINUTES = 45;
/** How often each host sweeps. */
export const SWEEP_INTERVAL_MINUTES = 10;
/** `GET /assistant`'s page (its default is 100, its most 1,000), and the most pages one sweep reads. */
export const SWEEP_PAGE_SIZE = 100;
export const SWEEP_MAX_PAGES = 10;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const ok = (answer: ProviderAnswer) => answer.status !== null && answer.status >= 200 && answer.status < 300;
const failure = (what: string, answer: ProviderAnswer) => `${what}: ${answer.status === null ? answer.error : `answered ${answer.status}`}`;

/** Whether the provider's assistant object carries PER_VISITOR_MARK. */
export const isPerVisitorAssistant = (assistant: unknown): boolean =>
  isObject(assistant) && isObject(assistant['metadata']) && assistant['metadata']['createdBy'] === PER_VISITOR_MARK.createdBy;

const assistantPath = (id: string) => `/assistant/${encodeURIComponent(id)}`;

/** What became of an assistant a host meant to delete. */
export type Deletion = 'deleted' | 'gone' | 'kept' | 'failed';

/** Deletes the assistant `id`; one already gone (404) is as good. */
export async function deleteAssistant(request: ProviderRequest, id: string): Promise<{ outcome: Deletion; error: string }> {
  const answer = await request('DELETE', assistantPath(id));
  if (ok(answer)) return { outcome: 'deleted', error: '' };
  if (answer.status === 404) return { outcome: 'gone', error: '' };
  return { outcome: 'failed', error: failure(`DELETE /assistant/${id}`, answer) };
}

/**
 * After an end-of-call report of a call that ran assistant `assistantId`: deletes it when it is a
 * per-visitor one (read back first: the report's word alone is no reason to delete), never the
 * configured `VAPI_ASSISTANT_ID`. A browser call's assistant has then done its work.
 */
export async function deleteAfterReport(
  request: ProviderRequest,
  assistantId: string | null,
  configuredAssistantId: string | undefined,
): Promise<{ outcome: Deletion; error: string }> {
  if (assistantId === null || assistantId === configuredAssistantId) return { outcome: 'kept', error: '' };
  const found = await request('GET', assistantPath(assistantId));
  if (found.status === 404) return { outcome: 'gone', error: '' };
  if (!ok(found)) return { outcome: 'failed', error: failure(`GET /assistant/${assistantId}`, found) };
  if (!isPerVisitorAssistant(found.body)) return { outcome: 'kept', error: '' };
  return deleteAssistant(request, assistantId);
}

/** The query of one page of the sweep: assistants made before `before` (ISO 8601), newest first. */
const sweepQuery = (before: string): string => `?createdAtLt=${encodeURIComponent(before)}&limit=${SWEEP_PAGE_SIZE}`;

export interface SweepResult {
  deleted: number;
  failed: number;
  /** The failures, for the host's log. */
  errors: string[];
}

/**
 * Deletes every per-visitor assistant made more than ASSISTANT_LIFETIME_MINUTES before `now` (ms):
 * `GET /assistant?createdAtLt=…` a page at a time (the provider lists newest first), each next page
 * before the oldest of the last. At most SWEEP_MAX_PAGES pages a sweep: on an account that holds more
 * than SWEEP_MAX_PAGES × SWEEP_PAGE_SIZE assistants older than the lifetime, a per-visitor one older
 * than all those is never reached (the reports' deletions are the first guard; docs/INTEGRATION.md).
 */
export async function sweepAssistants(request: ProviderRequest, now: number): Promise<SweepResult> {
  const result: SweepResult = { deleted: 0, failed: 0, errors: [] };
  let before = new Date(now - ASSISTANT_LIFETIME_MINUTES * 60_000).toISOString();
  for (let page = 0; page < SWEEP_MAX_PAGES; page++) {
    const listed = await request('GET', `/assistant${sweepQuery(before)}`);
    if (!ok(listed) || !Array.isArray(listed.body)) {
      result.failed++;
      result.errors.push(ok(listed) ? 'GET /assistant answered something that is not a list' : failure('GET /assistant', listed));
      return result;
    }
    const assistants = listed.body.filter(isObject);
    for (const assistant of assistants.filter(isPerVisitorAssistant)) {
      if (typeof assistant['id'] !== 'string') continue;
      const { outcome, error } = await deleteAssistant(request, assistant['id']);
      if (outcome === 'failed') {
        result.failed++;
        result.errors.push(error);
      } else result.deleted++;
    }
    const oldest = assistants
      .map((assistant) => (typeof assistant['createdAt'] === 'string' ? assistant['createdAt'] : ''))
      .filter((createdAt) => !Number.isNaN(Date.parse(createdAt)))
      .sort()[0];
    if (listed.body.length < SWEEP_PAGE_SIZE || oldest === undefined || Date.parse(oldest) >= Date.parse(before)) break;
    before = oldest;
  }
  return result;
}
