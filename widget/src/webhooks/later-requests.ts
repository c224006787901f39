import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import type { ConsentedCallRequest } from '../flow/validation.ts';
import { loadMissingAssistantId } from '../lazy-chunks.ts';
import { readAssistantId } from './assistant-answer.ts';
import { discardBody, postJson, WebhookError, type WebhookOptions } from './webhook-client.ts';

// The two requests made after the loading screen, in the later steps' chunk (later-flow.ts): the
// first render sends only the form (webhook-client.ts).

/**
 * POSTs the form to `website_demo_call` and reads `assistantId` (or `assistant_id`) from the answer,
 * or from its one entry when it is an array. An ok answer without an id rejects with kind
 * `invalid-response` and a message that quotes the answer and names the likely host setting.
 */
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

/**
 * POSTs to `trigger_ai_demo_call`. Any 2xx is success and its body is ignored (spec section 7); a
 * refusal rejects with the host's `fields` and `error` on the WebhookError (call-refusal.ts reads them).
 */
export async function triggerDemoCall(request: ConsentedCallRequest, options: WebhookOptions): Promise<void> {
  await postJson(WEBHOOK_PATHS.triggerDemoCall, request, options, discardBody);
}
