import { expect, it } from 'vitest';
import { afterCallOffer, nextStepUrl, summaryMailed } from './next-step.ts';
import type { FlowState } from './reducer.ts';

const HOST_BOOKING = 'https://hooks.example.com/book';
const PARTNER_PAGE = '/partners/book';
const terms = (followUp?: { mail: boolean; bookingUrl: string | null }) => ({ recorded: null, countries: null, from: null, ...(followUp ? { followUp } : {}) });

it.each([
  ['the partner page wins over the host booking page', PARTNER_PAGE, terms({ mail: false, bookingUrl: HOST_BOOKING }), PARTNER_PAGE],
  ['the partner page alone', PARTNER_PAGE, terms({ mail: false, bookingUrl: null }), PARTNER_PAGE],
  ['the host booking page when the page set none', null, terms({ mail: false, bookingUrl: HOST_BOOKING }), HOST_BOOKING],
  ['none at all', null, terms({ mail: false, bookingUrl: null }), null],
  // An older host that said nothing of a follow-up: only the partner page.
  ['no follow-up told, a partner page', PARTNER_PAGE, terms(), PARTNER_PAGE],
  ['no follow-up told, no partner page', null, terms(), null],
])('nextStepUrl: %s', (_label, nextUrl, callTerms, expected) => {
  expect(nextStepUrl({ nextUrl }, callTerms)).toBe(expected);
});

it('summaryMailed only when the host said it mails', () => {
  expect(summaryMailed(terms({ mail: true, bookingUrl: null }))).toBe(true);
  expect(summaryMailed(terms({ mail: false, bookingUrl: HOST_BOOKING }))).toBe(false);
  expect(summaryMailed(terms())).toBe(false);
});

type Row = [FlowState['step'], FlowState['callStatus'], string | null, string | null, ReturnType<typeof afterCallOffer>];
const notYet = (['idle', 'starting', 'active', 'error', 'microphone-blocked'] as const).map(
  (status): Row => ['browser-call', status, PARTNER_PAGE, HOST_BOOKING, 'none'],
);
it.each<Row>([
  // A browser call that ended: booking when there is a page, else the phone call.
  ['browser-call', 'ended', PARTNER_PAGE, null, 'book'],
  ['browser-call', 'ended', null, HOST_BOOKING, 'book'],
  ['browser-call', 'ended', null, null, 'call-me'],
  // 'Call Scheduled!': booking when there is a page, else home.
  ['call-scheduled', 'idle', null, HOST_BOOKING, 'book'],
  ['call-scheduled', 'idle', null, null, 'home'],
  ...notYet,
  ['congratulations', 'ended', PARTNER_PAGE, HOST_BOOKING, 'none'],
  ['form', 'idle', PARTNER_PAGE, HOST_BOOKING, 'none'],
])('afterCallOffer: %s, call %s, next-url %j, booking page %j: %s', (step, callStatus, nextUrl, bookingUrl, expected) => {
  expect(afterCallOffer({ step, callStatus, callTerms: terms({ mail: true, bookingUrl }) }, { nextUrl })).toBe(expected);
});
