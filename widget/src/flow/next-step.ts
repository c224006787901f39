import type { WidgetConfig } from '../first-render/element/attribute-rules.ts';
import type { KnownCallTerms } from '../webhooks/call-terms.ts';
import type { FlowState } from './reducer.ts';

// Every end state offers a next step the visitor takes, never a call placed unasked; decided here, shown by the views.

/** Where 'Book a discovery call' goes: the page's `next-url`, else the host's booking page, else none. */
export function nextStepUrl(config: Pick<WidgetConfig, 'nextUrl'>, callTerms: Pick<KnownCallTerms, 'followUp'>): string | null {
  return config.nextUrl ?? callTerms.followUp?.bookingUrl ?? null;
}

/** The host said it mails the call's summary: only then does the widget say one is on its way. */
export const summaryMailed = (callTerms: Pick<KnownCallTerms, 'followUp'>): boolean => callTerms.followUp?.mail === true;

/** The primary next step of an end state: `book` with a booking page, else `call-me` after a browser call, `home` after a phone one. */
export type AfterCallOffer = 'book' | 'call-me' | 'home' | 'none';

export function afterCallOffer(state: Pick<FlowState, 'step' | 'callStatus' | 'callTerms'>, config: Pick<WidgetConfig, 'nextUrl'>): AfterCallOffer {
  const ended = state.step === 'call-scheduled' || (state.step === 'browser-call' && state.callStatus === 'ended');
  if (!ended) return 'none';
  if (nextStepUrl(config, state.callTerms) !== null) return 'book';
  return state.step === 'call-scheduled' ? 'home' : 'call-me';
}

export const NEXT_STEP_CHOICES = ['book', 'call-me', 'call-again', 'home', 'change-number', 'browser-call'] as const;
export type NextStepChoice = (typeof NEXT_STEP_CHOICES)[number];
