import {
  deleteAfterReport,
  sweepAssistants,
  type Deletion,
  type ProviderAnswer as ProviderReply,
  type ProviderRequest,
  type SweepResult,
} from '@franchise-ai/shared/assistant-cleanup';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import type { CallEvent } from '@franchise-ai/shared/call-events';
import type { CallPolicy, CallTerms } from '@franchise-ai/shared/call-policy';
import type { Lead } from '@franchise-ai/shared/request-body';
import {
  assistantRequest,
  callRequest,
  DEFAULT_VAPI_API_BASE,
  missingCallSettings,
  notPlacedAnswer,
  PROVIDER_MESSAGES,
  type VoiceTerms,
} from '@franchise-ai/shared/voice-requests';
import { joinUrl } from '@franchise-ai/shared/web-url';
import type { WorkflowEnv } from './request-check.ts';

// The Code nodes that answer an accepted request, after it is stored: demo_form's terms, the
// assistant for a browser call, and the phone call. Each takes plain JSON (the lead and the policy
// "Check request" passed on) and returns what the node outputs, for a Respond node. And the two that
// keep the provider's account clean (shared assistant-cleanup.ts): after a call's report, and the sweep.

/** An answer for a Respond node. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * "OK" (demo_form): what this host's calls are (from "Check request"), so the widget's consent text
 * and notices say it, and the demo's id, which the widget sends to demo_status and the later calls.
 */
export const formStep = (terms: CallTerms, demoId: string): Answer => ({ status: 200, body: { ok: true, calls: terms, demoId } });

/** What the provider made of a POST: its id, or why not (`status` null when no answer arrived). */
export type ProviderAnswer = { ok: true; id: string } | { ok: false; status: number | null; error: string };

/** Posts JSON to `{VAPI_API_BASE}{path}` with the private key. */
export type ProviderPost = (path: string, body: unknown) => Promise<ProviderAnswer>;

/** n8n's `this.helpers.httpRequest`, as far as the provider calls use it: every status answered, none thrown. */
export type HttpRequest = (options: {
  method: 'POST' | 'GET' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  json: true;
  timeout: number;
  returnFullResponse: true;
  ignoreHttpStatusErrors: true;
}) => Promise<{ statusCode: number; body: unknown }>;

/**
 * The provider calls through n8n's HTTP helper, with the stand-in's base, key and 10 s ceiling. The
 * status comes back as a value (`ignoreHttpStatusErrors`): an error thrown in n8n's main process
 * reaches the Code node's task runner without its status, and the status is what tells a refused
 * call (nothing rang) from one that may have rung.
 */
export const providerPost =
  (env: WorkflowEnv, request: HttpRequest): ProviderPost =>
  async (path, body) => {
    const url = joinUrl(env['VAPI_API_BASE'] || DEFAULT_VAPI_API_BASE, path);
    let answer: { statusCode: number; body: unknown };
    try {
      answer = await request({
        method: 'POST',
        url,
        headers: { Authorization: `Bearer ${env['VAPI_PRIVATE_KEY'] ?? ''}` },
        body,
        json: true,
        timeout: 10_000,
        returnFullResponse: true,
        ignoreHttpStatusErrors: true,
      });
    } catch (error) {
      return { ok: false, status: null, error: `POST ${path} failed: ${(error as Error).message}` };
    }
    const id = (answer.body as { id?: unknown } | null)?.id;
    if (answer.statusCode >= 200 && answer.statusCode < 300 && typeof id === 'string' && id !== '') return { ok: true, id };
    const error =
      answer.statusCode >= 300 ? `POST ${path} answered ${answer.statusCode}: ${JSON.stringify(answer.body).slice(0, 300)}` : `POST ${path} answered no id.`;
    return { ok: false, status: answer.statusCode, error };
  };

/** GET and DELETE to `{VAPI_API_BASE}{path}` through n8n's HTTP helper, as providerPost does; never throws (shared ProviderRequest). */
export const providerRequest =
  (env: WorkflowEnv, request: HttpRequest): ProviderRequest =>
  async (method, path) => {
    try {
      const answer = await request({
        method,
        url: joinUrl(env['VAPI_API_BASE'] || DEFAULT_VAPI_API_BASE, path),
        headers: { Authorization: `Bearer ${env['VAPI_PRIVATE_KEY'] ?? ''}` },
        json: true,
        timeout: 10_000,
        returnFullResponse: true,
        ignoreHttpStatusErrors: true,
      });
      return { status: answer.statusCode, body: answer.body, error: '' } satisfies ProviderReply;
    } catch (error) {
      return { status: null, body: null, error: `${method} ${path} failed: ${(error as Error).message}` };
    }
  };

/**
 * "Clean up" (call_events, after the answer): a browser call's per-visitor assistant, deleted once its
 * end-of-call report came (never VAPI_ASSISTANT_ID); nothing without the private key or for a status.
 */
export async function cleanupStep(event: CallEvent, env: WorkflowEnv, request: ProviderRequest): Promise<{ outcome: Deletion; error: string }> {
  if (event.kind !== 'report' || !env['VAPI_PRIVATE_KEY']) return { outcome: 'kept', error: '' };
  return deleteAfterReport(request, event.assistantId, env['VAPI_ASSISTANT_ID'] || undefined);
}

/** "Sweep" (assistant_sweep, on a schedule): the per-visitor assistants older than their lifetime; nothing without the private key. */
export async function sweepStep(env: WorkflowEnv, request: ProviderRequest, now: number): Promise<SweepResult> {
  if (!env['VAPI_PRIVATE_KEY']) return { deleted: 0, failed: 0, errors: [] };
  return sweepAssistants(request, now);
}

/** "Assistant" (website_demo_call): the configured assistant, or one made for this visitor's browser call. */
export async function assistantStep(
  lead: Lead,
  policy: CallPolicy & VoiceTerms,
  env: WorkflowEnv,
  post: ProviderPost,
  profile: BrandProfile | null = null,
): Promise<Answer> {
  if (env['VAPI_ASSISTANT_ID']) return { status: 200, body: { assistantId: env['VAPI_ASSISTANT_ID'] } };
  if (!env['VAPI_PRIVATE_KEY']) return { status: 503, body: { error: PROVIDER_MESSAGES.noAssistant } };
  const made = await post('/assistant', assistantRequest(lead, policy, 'browser', profile ?? undefined));
  return made.ok ? { status: 200, body: { assistantId: made.id } } : { status: 502, body: { error: PROVIDER_MESSAGES.failed } };
}

/** What became of a call, as the calls table keeps it (the stand-in's outcomes). */
export type CallOutcome = 'call-placed' | 'call-failed' | 'call-unconfirmed' | 'call-recorded';

export interface CallResult extends Answer {
  outcome: CallOutcome;
  callId: string;
  error: string;
}

/**
 * The stand-in's rule (hosts/reference/src/call-outcome.ts): nothing rang when POST /call
 * answered an error status; any other failure (no answer, a 2xx without an id) may have rung.
 */
export const failedOutcome = (status: number | null): 'call-failed' | 'call-unconfirmed' =>
  status !== null && status >= 400 ? 'call-failed' : 'call-unconfirmed';

/**
 * "Call" (trigger_ai_demo_call, once the claim is within the limits and the lead stored): the call,
 * with VAPI_ASSISTANT_ID or this visitor's assistant inline (nothing is made on the provider's account).
 */
export async function callStep(
  lead: Lead & { phoneNumber: string },
  policy: CallPolicy & VoiceTerms,
  env: WorkflowEnv,
  post: ProviderPost,
  profile: BrandProfile | null = null,
): Promise<CallResult> {
  const phoneNumberId = env['VAPI_PHONE_NUMBER_ID'];
  if (!env['VAPI_PRIVATE_KEY'] || !phoneNumberId) {
    // The stand-in's answer: kept, not placed, and which settings would place it.
    return { status: 202, body: notPlacedAnswer(missingCallSettings(env)), outcome: 'call-recorded', callId: '', error: '' };
  }
  const placed = await post('/call', callRequest(env['VAPI_ASSISTANT_ID'] || undefined, phoneNumberId, lead, policy, profile ?? undefined));
  if (!placed.ok) {
    const outcome = failedOutcome(placed.status);
    // Refused: the visitor may try again. Otherwise it may still ring: say so.
    return {
      status: 502,
      body: { error: outcome === 'call-failed' ? PROVIDER_MESSAGES.failed : PROVIDER_MESSAGES.unconfirmed },
      outcome,
      callId: '',
      error: placed.error,
    };
  }
  return { status: 200, body: { status: 'placed', callId: placed.id }, outcome: 'call-placed', callId: placed.id, error: '' };
}
