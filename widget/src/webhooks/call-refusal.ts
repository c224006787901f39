import type { FieldReasons } from '@franchise-ai/shared/lead-rules';
import { WebhookError } from './webhook-client.ts';

/**
 * A call request the host refused, shown in the dialog: a 400's `fields` beside their controls
 * (`phoneNumber`, `consent`; others in the alert), or its `error` when it gave no fields; a 429's
 * words (one of the hosts' LIMIT_MESSAGES, such as the daily ceiling) in the alert, else `tooManyRequests`
 * (the widget's own, in its language).
 */
export interface CallRefusal {
  fields: FieldReasons;
  alert: string | null;
}

/**
 * What a failed call request means for the visitor: a refusal they can act on (the dialog stays, with
 * the host's words), or null for a failure that only gets logged while the flow goes on to 'Call
 * Scheduled!' (spec section 8: no answer, a timeout, a 5xx, a redirect, any other status).
 */
export function callRefusal(error: unknown, tooManyRequests: string): CallRefusal | null {
  if (!(error instanceof WebhookError) || error.kind !== 'status') return null;
  if (error.status === 429) return { fields: {}, alert: error.hostError ?? tooManyRequests };
  if (error.status !== 400) return null;
  if (error.fields) return { fields: error.fields, alert: null };
  return error.hostError ? { fields: {}, alert: error.hostError } : null;
}
