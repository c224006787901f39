import type { WidgetConfig } from '../../element/attribute-rules.ts';
import type { KnownCallTerms } from '../../webhooks/call-terms.ts';
import type { FlowState } from '../../form/reducer.ts';

// What follows a call: every end state offers a next step, always one the visitor takes
// (a page they open, a call they ask for), never a call the host places unasked. One place decides
// it, for the browser call's end and for 'Call Scheduled!' alike; the views only show it.

/**
 * Where 'Book a discovery call' goes: the partner's `next-url` when the page set one (the page decides
 * for itself), else the booking page the host named in `demo_form`'s answer (`calls.followUp.bookingUrl`),
 * else none (no booking offered).
 */
export function nextStepUrl(config: Pick<WidgetConfig, 'nextUrl'>, callTerms: Pick<KnownCallTerms, 'followUp'>): string | null {
  return config.nextUrl ?? callTerms.followUp?.bookingUrl ?? null;
}

/** The host said it mails the call's summary: only then does the widget say one is on its way. */
export const summaryMailed = (callTerms: Pick<KnownCallTerms, 'followUp'>): boolean => callTerms.followUp?.mail === true;

/**
 * The primary next step of an end state:
 * - `book`: there is a booking page (`nextStepUrl`): the primary button books a discovery call;
 * - `call-me`: a browser call ended and there is no booking page: the other way to meet the agent,
 *   the phone dialog, is the primary one;
 * - `home`: the phone call is scheduled and there is no booking page: 'Back to Home', as before;
 * - `none`: not an end state (a form, a wait, a browser call not yet over or failed: those have
 *   their own ways on).
 */
export type AfterCallOffer = 'book' | 'call-me' | 'home' | 'none';

export function afterCallOffer(state: Pick<FlowState, 'step' | 'callStatus' | 'callTerms'>, config: Pick<WidgetConfig, 'nextUrl'>): AfterCallOffer {
  const ended = state.step === 'call-scheduled' || (state.step === 'browser-call' && state.callStatus === 'ended');
  if (!ended) return 'none';
  if (nextStepUrl(config, state.callTerms) !== null) return 'book';
  return state.step === 'call-scheduled' ? 'home' : 'call-me';
}

/**
 * The next step a visitor chose, as the page hears it (`franchise-ai-demo-next-step`, and the data
 * layer's `franchise_ai_demo_next_step`): `book` the booking page, `call-me` the phone dialog,
 * `call-again` another browser call, `home` 'Back to Home'; on 'Call Scheduled!' also
 * `change-number` (the phone dialog again) and `browser-call` ('Talk in your browser while you wait').
 */
export const NEXT_STEP_CHOICES = ['book', 'call-me', 'call-again', 'home', 'change-number', 'browser-call'] as const;
export type NextStepChoice = (typeof NEXT_STEP_CHOICES)[number];
