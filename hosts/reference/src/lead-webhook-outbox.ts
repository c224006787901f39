import { deliveryOf, LEAD_WEBHOOK_TIMEOUT_MS, nextDeliveryDelayMs, retryAfterMs, signedHeaders, type LeadWebhookConfig } from '@franchise-ai/shared/lead-event';
import { retryWhileBusy } from './busy-retry.ts';
import { startOutbox, type Outbox } from './outbox-runner.ts';
import type { DueLeadEvent, Store } from './store.ts';

// Delivers the lead.qualified events that the call_events handler queued with their report, to
// LEAD_WEBHOOK_URL, signed per Standard Webhooks (shared lead-event.ts) anew on each attempt under
// the event's fixed webhook-id. A 2xx marks it delivered, and it is never sent again; 410 Gone
// stops that event; anything else (a refused connection, a timeout, a redirect, another status) is
// tried again after the shared backoff, or the receiver's Retry-After when longer, across restarts.

export type LeadWebhookOutbox = Outbox;

/** One delivery: the receiver's status, or why there was none. */
async function post(config: LeadWebhookConfig, event: DueLeadEvent): Promise<{ status: number; retryAfter: string | null } | { failure: string }> {
  try {
    const response = await fetch(config.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...signedHeaders(config.secret, event.id, new Date(), event.body) },
      body: event.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(LEAD_WEBHOOK_TIMEOUT_MS),
    });
    // The answer's body is not needed: read and dropped, so the connection is freed.
    await response.body?.cancel();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    return { failure: cause?.message ?? (error as Error).message };
  }
}

export function startLeadWebhookOutbox(store: Store, config: LeadWebhookConfig, firstRetryMs: number, log: (line: string) => void): LeadWebhookOutbox {
  async function deliver(event: DueLeadEvent): Promise<void> {
    // The log names the event and the lead's row, never what the event says of the lead.
    const name = `lead.qualified ${event.id} (lead row ${event.requestId})`;
    const answer = await post(config, event);
    const verdict = 'failure' in answer ? 'retry' : deliveryOf(answer.status);
    const failure = 'failure' in answer ? answer.failure : `the receiver answered ${answer.status}`;
    if (verdict === 'delivered') {
      // Should this write fail for good, the event is sent again under the same id: the receiver drops a repeat by it.
      await retryWhileBusy(() => store.leadEventDelivered(event.id));
      log(`${name} delivered`);
    } else if (verdict === 'gone') {
      await retryWhileBusy(() => store.leadEventGone(event.id, failure));
      log(`${name} refused with 410 Gone: not tried again; check LEAD_WEBHOOK_URL`);
    } else {
      const attempt = event.attempts + 1;
      const asked = 'failure' in answer ? 0 : retryAfterMs(answer.retryAfter, Date.now());
      const next = new Date(Date.now() + nextDeliveryDelayMs(attempt, firstRetryMs, asked));
      await retryWhileBusy(() => store.leadEventFailed(event.id, failure, next));
      log(`${name} failed (attempt ${attempt}), kept in the outbox, next try at ${next.toISOString()}: ${failure}`);
    }
  }

  return startOutbox(
    { name: 'lead webhook outbox', nextDue: () => store.nextDueLeadEvent(), nextDueAt: () => store.nextLeadEventDueAt(), deliver },
    firstRetryMs,
    log,
  );
}
