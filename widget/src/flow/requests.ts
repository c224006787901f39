import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import type { ConsentedCallRequest } from '../first-render/form-rules/validation.ts';
import { loadMissingAssistantId } from '../first-render/chunks/lazy-chunks.ts';
import { readAssistantId } from '../webhooks/assistant-answer.ts';
import { postJson, WebhookError, type WebhookOptions } from '../webhooks/webhook-client.ts';

/** POSTs to `website_demo_call`; an ok answer without an assistant id rejects with words that name the likely host setting. */
export async function fetchAssistantId(request: DemoRequest, options: WebhookOptions): Promise<string> {
  return postJson(WEBHOOK_PATHS.websiteDemoCall, request, options, async (response) => {
    const text = await response.text();
    let body: unknown;
    let parsed = true;
    let cause: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      parsed = false;
      cause = error;
    }
    const id = readAssistantId(body);
    if (id) return id;
    // The words for the integrator load only now, so the first render does not carry them.
    const why = await loadMissingAssistantId().then(
      ({ missingAssistantId }) => missingAssistantId(text, body, parsed),
      () => 'website_demo_call answered without an assistant id.',
    );
    throw new WebhookError('invalid-response', why, response.status, { cause });
  });
}

/** What a 2xx to `trigger_ai_demo_call` said: `placed` false only when the host said `placed: false`, with its `reason`. */
export interface CallAnswer {
  placed: boolean;
  reason: string | null;
}

/** POSTs to `trigger_ai_demo_call`: any 2xx is success (spec section 7), placed unless its body says `placed: false`. */
export async function triggerDemoCall(request: ConsentedCallRequest, options: WebhookOptions): Promise<CallAnswer> {
  return postJson(WEBHOOK_PATHS.triggerDemoCall, request, options, async (response) => {
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      return { placed: true, reason: null };
    }
    if (typeof body !== 'object' || body === null || (body as Record<string, unknown>)['placed'] !== false) return { placed: true, reason: null };
    const reason = (body as Record<string, unknown>)['reason'];
    return { placed: false, reason: typeof reason === 'string' && reason.trim() ? reason.trim().slice(0, 300) : null };
  });
}
