import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { Outcome } from '../src/load-summary.ts';

// The bounded load of the queue check: `posts` valid demo_form posts, each with its own email, from
// `clients` concurrent clients, each with its own X-Forwarded-For (as a reverse proxy in front of
// the host would add it), so no per-client rule sees one client.

export interface LoadOptions {
  webhookBase: string;
  posts: number;
  clients: number;
  /** Makes this run's emails unique, so rows of another run never count. */
  runId: string;
  /** A post that gets no answer in this time counts as unanswered (status 0). */
  timeoutMs: number;
  /** Called as post number `sent` (1-based) leaves, e.g. to kill a worker partway. */
  onSent?: (sent: number) => void;
  /** Called with the outcomes so far after every tenth of the posts is answered. */
  onProgress?: (answered: readonly Outcome[]) => void;
  /** Stops sending (posts in flight are abandoned) once aborted, e.g. on Ctrl-C. */
  signal?: AbortSignal;
  /** Called for every answer other than a 2xx with `ok: true`, with the start of its body. */
  onUnexpected?: (outcome: Outcome, body: string) => void;
}

export const emailOf = (runId: string, index: number) => `load-${runId}-${index}@example.com`;

/** The address client `k` posts from (a documentation range; never routed). */
export const clientAddress = (k: number) => `198.51.100.${k + 1}`;

export async function sendLoad({ webhookBase, posts, clients, runId, timeoutMs, signal, onSent, onProgress, onUnexpected }: LoadOptions): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  const step = Math.max(1, Math.round(posts / 10));
  let next = 0;
  const client = async (k: number) => {
    while (next < posts) {
      signal?.throwIfAborted();
      const index = next++;
      onSent?.(index + 1);
      const email = emailOf(runId, index);
      const body = JSON.stringify({
        name: `Load ${index}`,
        company: 'Load Check Franchise',
        email,
        website: 'https://load.example.com',
        businessType: index % 2 ? 'franchisee' : 'franchisor',
      });
      const sent = performance.now();
      let status = 0;
      let okBody = false;
      let text = '';
      try {
        const response = await fetch(webhookBase + WEBHOOK_PATHS.demoForm, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress(k) },
          body,
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        text = await response.text();
        okBody = (JSON.parse(text || 'null') as { ok?: unknown } | null)?.ok === true;
      } catch (error) {
        // No answer (dropped, timed out), or a body that is not JSON.
        text ||= String(error);
      }
      const ended = performance.now();
      const outcome = { email, status, okBody, ms: ended - sent, endedAt: ended - started };
      outcomes.push(outcome);
      if (!(okBody && status >= 200 && status < 300)) onUnexpected?.(outcome, text.slice(0, 160));
      if (outcomes.length % step === 0) onProgress?.(outcomes);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, k) => client(k)));
  return outcomes;
}
