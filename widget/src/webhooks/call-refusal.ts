import type { FieldReasons } from '@franchise-ai/shared/lead-rules';
import type { Texts } from '../copy/copy-context.ts';
import { fieldWords, LIMIT_WORDS, refusalWords } from './refusal-words.ts';
import { WebhookError } from './webhook-client.ts';

/** A refused call request, in the dialog: a 400's `fields` beside their controls, a 429's limit in the alert. */
export interface CallRefusal {
  fields: FieldReasons;
  alert: string | null;
}

/** A refusal the visitor can act on, or null for a failure that is only logged (spec section 8). */
export function callRefusal(error: unknown, texts: Texts): CallRefusal | null {
  if (!(error instanceof WebhookError) || error.kind !== 'status') return null;
  if (error.status === 429)
    return { fields: {}, alert: refusalWords(texts, LIMIT_WORDS, { code: error.code, hostWords: error.hostError }, 'phoneTooManyRequests') };
  if (error.status !== 400) return null;
  if (error.fields) return { fields: fieldWords(texts, error.fields, error.codes), alert: null };
  return error.hostError ? { fields: {}, alert: refusalWords(texts, {}, { code: error.code, hostWords: error.hostError }, 'refusedGeneric') } : null;
}
