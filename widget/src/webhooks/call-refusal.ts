import type { FieldReasons } from '@franchise-ai/shared/lead-rules';
import type { Texts } from '../i18n/copy-context.ts';
import { fieldWords, LIMIT_WORDS, refusalWords } from './refusal-words.ts';
import { WebhookError } from './webhook-client.ts';

/**
 * A call request the host refused, shown in the dialog: a 400's `fields` beside their controls
 * (`phoneNumber`, `consent`; others in the alert), or its `error` when it gave no fields; a 429's
 * limit in the alert. Each in the widget's language (refusal-words.ts): the host's code decides
 * the words, and only English shows the host's own.
 */
export interface CallRefusal {
  fields: FieldReasons;
  alert: string | null;
}

/**
 * What a failed call request means for the visitor: a refusal they can act on (the dialog stays,
 * with the reasons), or null for a failure that only gets logged while the flow goes on to the step
 * after the dialog, which says the call could not be confirmed (spec section 8: no answer, a
 * timeout, a 5xx, a redirect, any other status).
 */
export function callRefusal(error: unknown, texts: Texts): CallRefusal | null {
  if (!(error instanceof WebhookError) || error.kind !== 'status') return null;
  if (error.status === 429)
    return { fields: {}, alert: refusalWords(texts, LIMIT_WORDS, { code: error.code, hostWords: error.hostError }, 'phoneTooManyRequests') };
  if (error.status !== 400) return null;
  if (error.fields) return { fields: fieldWords(texts, error.fields, error.codes), alert: null };
  return error.hostError ? { fields: {}, alert: refusalWords(texts, {}, { code: error.code, hostWords: error.hostError }, 'refusedGeneric') } : null;
}
