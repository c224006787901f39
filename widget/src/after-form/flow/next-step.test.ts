import { describe, expect, it } from 'vitest';
import { afterCallOffer, nextStepUrl, summaryMailed } from './next-step.ts';
import type { FlowState } from '../../form/reducer.ts';

const HOST_BOOKING = 'https://hooks.example.com/book';
const PARTNER_PAGE = '/partners/book';
const terms = (followUp?: { mail: boolean; bookingUrl: string | null }) => ({ recorded: null, countries: null, from: null, ...(followUp ? { followUp } : {}) });

describe('nextStepUrl', () => {
  it.each([
    ['the partner page wins over the host booking page', PARTNER_PAGE, terms({ mail: false, bookingUrl: HOST_BOOKING }), PARTNER_PAGE],
    ['the partner page alone', PARTNER_PAGE, terms({ mail: false, bookingUrl: null }), PARTNER_PAGE],
    ['the host booking page when the page set none', null, terms({ mail: false, bookingUrl: HOST_BOOKING }), HOST_BOOKING],
    ['none at all', null, terms({ mail: false, bookingUrl: null }), null],
    // An older host that said nothing of a follow-up: only the partner page.
    ['no follow-up told, a partner page', PARTNER_PAGE, terms(), PARTNER_PAGE],
    ['no follow-up told, no partner page', null, terms(), null],
  ])('%s', (_label, nextUrl, callTerms, expected) => {
    expect(nextStepUrl({ nextUrl }, callTerms)).toBe(expected);
  });
});

describe('summaryMailed', () => {
  it('only when the host said it mails', () => {
    expect(summaryMailed(terms({ mail: true, bookingUrl: null }))).toBe(true);
    expect(summaryMailed(terms({ mail: false, bookingUrl: HOST_BOOKING }))).toBe(false);
    expect(summaryMailed(terms())).toBe(false);
  });
});

describe('afterCallOffer', () => {
  type Case = Pick<FlowState, 'step' | 'callStatus'>;
  const offer = ({ step, callStatus }: Case, nextUrl: string | null, bookingUrl: string | null = null) =>
    afterCallOffer({ step, callStatus, callTerms: terms({ mail: true, bookingUrl }) }, { nextUrl });

  it('a browser call that ended: booking when there is a page, else the phone call', () => {
    const ended: Case = { step: 'browser-call', callStatus: 'ended' };
    expect(offer(ended, PARTNER_PAGE)).toBe('book');
    expect(offer(ended, null, HOST_BOOKING)).toBe('book');
    expect(offer(ended, null)).toBe('call-me');
  });

  it("'Call Scheduled!': booking when there is a page, else home", () => {
    const scheduled: Case = { step: 'call-scheduled', callStatus: 'idle' };
    expect(offer(scheduled, null, HOST_BOOKING)).toBe('book');
    expect(offer(scheduled, null)).toBe('home');
  });

  it.each<Case>([
    { step: 'browser-call', callStatus: 'idle' },
    { step: 'browser-call', callStatus: 'starting' },
    { step: 'browser-call', callStatus: 'active' },
    { step: 'browser-call', callStatus: 'error' },
    { step: 'browser-call', callStatus: 'microphone-blocked' },
    { step: 'congratulations', callStatus: 'ended' },
    { step: 'form', callStatus: 'idle' },
  ])('no end state yet: %j', (state) => {
    expect(offer(state, PARTNER_PAGE, HOST_BOOKING)).toBe('none');
  });
});
