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

type EndingConfig = Pick<WidgetConfig, 'nextUrl' | 'contactEmail' | 'contactPhone'>;

/** The endings' first link: the booking page, else the company's email, else its phone. */
export type EndingAction = 'book' | 'contact-email' | 'contact-phone' | 'none';

/** The page's contact wins over the host's, as a whole: a page that gave a phone only means its phone. */
const endingContact = (config: EndingConfig, callTerms: Pick<KnownCallTerms, 'followUp'>) =>
  config.contactEmail || config.contactPhone ? { email: config.contactEmail, phone: config.contactPhone } : callTerms.followUp?.contact;

export function endingAction(config: EndingConfig, callTerms: Pick<KnownCallTerms, 'followUp'>): EndingAction {
  if (nextStepUrl(config, callTerms) !== null) return 'book';
  const contact = endingContact(config, callTerms);
  return contact?.email ? 'contact-email' : contact?.phone ? 'contact-phone' : 'none';
}

/** Where the ending's link goes: the booking page, `mailto:` or `tel:`; `null` for `none`. */
export function endingHref(action: EndingAction, config: EndingConfig, callTerms: Pick<KnownCallTerms, 'followUp'>): string | null {
  const contact = endingContact(config, callTerms);
  if (action === 'contact-email') return `mailto:${contact?.email}`;
  if (action === 'contact-phone') return `tel:${contact?.phone}`;
  return action === 'book' ? nextStepUrl(config, callTerms) : null;
}

/** The primary next step of an end state: the company (the ending's link) when there is a way to it, else `call-me` after a browser call, `home` after a phone one. */
export type AfterCallOffer = 'company' | 'call-me' | 'home' | 'none';

export function afterCallOffer(state: Pick<FlowState, 'step' | 'callStatus' | 'callTerms'>, config: EndingConfig): AfterCallOffer {
  const ended = state.step === 'call-scheduled' || (state.step === 'browser-call' && state.callStatus === 'ended');
  if (!ended) return 'none';
  if (endingAction(config, state.callTerms) !== 'none') return 'company';
  return state.step === 'call-scheduled' ? 'home' : 'call-me';
}

export const NEXT_STEP_CHOICES = ['book', 'contact', 'call-me', 'call-again', 'home', 'change-number', 'browser-call'] as const;
export type NextStepChoice = (typeof NEXT_STEP_CHOICES)[number];
