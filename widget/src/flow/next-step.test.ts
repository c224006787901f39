import { expect, it } from 'vitest';
import { afterCallOffer, endingAction, endingHref, nextStepUrl, summaryMailed } from './next-step.ts';
import type { FlowState } from './reducer.ts';

const HOST_BOOKING = 'https://hooks.example.com/book';
const PARTNER_PAGE = '/partners/book';
const NO_CONTACT = { email: null, phone: null };
type Contact = { email: string | null; phone: string | null };
const terms = (followUp?: { mail: boolean; bookingUrl: string | null; contact?: Contact }) => ({
  recorded: null,
  countries: null,
  from: null,
  ...(followUp ? { followUp: { contact: NO_CONTACT, ...followUp } } : {}),
});
const page = (nextUrl: string | null, contactEmail: string | null = null, contactPhone: string | null = null) => ({ nextUrl, contactEmail, contactPhone });

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

const HOST_CONTACT = { email: 'team@host.example', phone: '+33612345678' };
it.each<[string, ReturnType<typeof page>, ReturnType<typeof terms>, ReturnType<typeof endingAction>, string | null]>([
  [
    'a booking page wins over any contact',
    page(null, 'a@page.example'),
    terms({ mail: false, bookingUrl: HOST_BOOKING, contact: HOST_CONTACT }),
    'book',
    HOST_BOOKING,
  ],
  ['next-url wins too', page(PARTNER_PAGE), terms({ mail: false, bookingUrl: null, contact: HOST_CONTACT }), 'book', PARTNER_PAGE],
  [
    "no booking page: the host's e-mail",
    page(null),
    terms({ mail: false, bookingUrl: null, contact: HOST_CONTACT }),
    'contact-email',
    'mailto:team@host.example',
  ],
  [
    "the host's phone when it gave no e-mail",
    page(null),
    terms({ mail: false, bookingUrl: null, contact: { email: null, phone: '+33612345678' } }),
    'contact-phone',
    'tel:+33612345678',
  ],
  [
    "the page's e-mail wins over the host's",
    page(null, 'a@page.example'),
    terms({ mail: false, bookingUrl: null, contact: HOST_CONTACT }),
    'contact-email',
    'mailto:a@page.example',
  ],
  [
    "the page's phone, as a whole over the host's e-mail",
    page(null, null, '+12025550123'),
    terms({ mail: false, bookingUrl: null, contact: HOST_CONTACT }),
    'contact-phone',
    'tel:+12025550123',
  ],
  ['the page alone, an older host that said nothing', page(null, 'a@page.example'), terms(), 'contact-email', 'mailto:a@page.example'],
  ['nothing anywhere', page(null), terms({ mail: true, bookingUrl: null }), 'none', null],
  ['nothing, an older host', page(null), terms(), 'none', null],
])('endingAction and endingHref: %s', (_label, config, callTerms, action, href) => {
  expect(endingAction(config, callTerms)).toBe(action);
  expect(endingHref(action, config, callTerms)).toBe(href);
});

type Row = [FlowState['step'], FlowState['callStatus'], ReturnType<typeof page>, string | null, ReturnType<typeof afterCallOffer>];
const notYet = (['idle', 'starting', 'active', 'error', 'microphone-blocked'] as const).map(
  (status): Row => ['browser-call', status, page(PARTNER_PAGE), HOST_BOOKING, 'none'],
);
it.each<Row>([
  // A browser call that ended: the company when there is a way to it, else the phone call.
  ['browser-call', 'ended', page(PARTNER_PAGE), null, 'company'],
  ['browser-call', 'ended', page(null), HOST_BOOKING, 'company'],
  ['browser-call', 'ended', page(null, null, '+12025550123'), null, 'company'],
  ['browser-call', 'ended', page(null), null, 'call-me'],
  // 'Call Scheduled!': the company when there is a way to it, else home.
  ['call-scheduled', 'idle', page(null), HOST_BOOKING, 'company'],
  ['call-scheduled', 'idle', page(null, 'a@page.example'), null, 'company'],
  ['call-scheduled', 'idle', page(null), null, 'home'],
  ...notYet,
  ['congratulations', 'ended', page(PARTNER_PAGE), HOST_BOOKING, 'none'],
  ['form', 'idle', page(PARTNER_PAGE), HOST_BOOKING, 'none'],
])('afterCallOffer: %s, call %s, page %j, booking page %j: %s', (step, callStatus, config, bookingUrl, expected) => {
  expect(afterCallOffer({ step, callStatus, callTerms: terms({ mail: true, bookingUrl }) }, config)).toBe(expected);
});
