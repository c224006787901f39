import { describe, expect, it } from 'vitest';
import { checkDemoStatusBody } from '@franchise-ai/shared/demo-status';
import { isWebCallId, readBookingView, readCallView, readProfileView } from './demo-status.ts';

const fact = (kind: string, text: string) => ({ kind, text, source: 'https://acme.example/' });

describe("readProfileView: the host's answer, read field by field", () => {
  const UNAVAILABLE = { status: 'unavailable', website: 'https://acme.example', reason: 'robots' };
  const READY = { status: 'ready', website: 'https://acme.example', facts: [fact('location', 'Denver, CO')] };
  it.each<[string, unknown, unknown]>([
    ['reading', { status: 'reading' }, { status: 'reading' }],
    ['unavailable', UNAVAILABLE, UNAVAILABLE],
    [
      'ready, its texts trimmed',
      { ...READY, description: fact('description', ' Bagels. '), greeting: ' Your website says: Bagels. ' },
      { ...READY, description: fact('description', 'Bagels.'), greeting: 'Your website says: Bagels.' },
    ],
  ])('reads %s', (_label, profile, view) => {
    expect(readProfileView({ profile })).toEqual(view);
  });
  it('keeps text only, drops facts without it, and shows five at most', () => {
    const towns = Array.from({ length: 8 }, (_, index) => fact('location', `Town ${index}`));
    const facts = [fact('service', '<b>Lox</b>'), { kind: 'service', text: 42 }, null, ...towns];
    const view = readProfileView({ profile: { status: 'ready', website: 'https://acme.example', description: { text: '' }, facts } });
    // No greeting told (an older host): none, so the first words carry no fact.
    expect(view).toMatchObject({ status: 'ready', description: null, greeting: null });
    expect(view?.status === 'ready' && view.facts.map((one) => one.text)).toEqual(['<b>Lox</b>', 'Town 0', 'Town 1', 'Town 2', 'Town 3']);
  });
  it('reads no view from anything else', () => {
    for (const body of [null, [], {}, { profile: null }, { profile: { status: 'done' } }, 'reading']) expect(readProfileView(body)).toBeNull();
  });
});

describe("readCallView: the answer's call, read field by field", () => {
  it.each([
    { status: 'ringing', secondsToRinging: 7 },
    { status: 'queued', secondsToRinging: null },
    { status: 'ended', secondsToRinging: 0 },
    { status: 'in-progress', secondsToRinging: 3600 },
  ])('reads a status the hosts use, with whole seconds from 0 to an hour: %j', (call) => {
    expect(readCallView({ profile: { status: 'reading' }, call })).toEqual(call);
  });
  it('shows no seconds that are no figure of this call', () => {
    for (const seconds of [-1, 3601, 2.5, '7', Number.NaN, undefined, true])
      expect(readCallView({ call: { status: 'ringing', secondsToRinging: seconds } })).toEqual({ status: 'ringing', secondsToRinging: null });
  });
  it('reads no call from an answer without one, or with a status no host sends', () => {
    const bodies = [null, {}, { profile: { status: 'reading' } }, { call: null }, { call: { secondsToRinging: 5 } }, { call: 'ringing' }];
    for (const body of [...bodies, { call: { status: 'dialing', secondsToRinging: 5 } }]) expect(readCallView(body)).toBeNull();
  });
});

describe("readBookingView: the answer's booking, put on the page only as the hosts make it", () => {
  const BOOKING = {
    start: '2026-12-08T13:00:00.000Z',
    end: '2026-12-08T13:30:00.000Z',
    title: 'Discovery call with the development team',
    icsDataUrl: 'data:text/calendar;charset=utf-8,BEGIN%3AVCALENDAR',
    googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
  };
  it('reads one, its times as UTC instants; none from an answer without', () => {
    expect(readBookingView({ booking: BOOKING })).toEqual(BOOKING);
    expect(readBookingView({ profile: { status: 'reading' } })).toBeNull();
    expect(readBookingView({ booking: { ...BOOKING, start: '2026-12-08T14:00:00+01:00' } })?.start).toBe(BOOKING.start);
  });
  it.each([
    ['times out of order', { end: BOOKING.start }],
    ['a time that is none', { start: 'Tuesday' }],
    ['no title', { title: ' ' }],
    ['a link that is no calendar file', { icsDataUrl: 'javascript:alert(1)' }],
    ["a link to another site than Google Calendar's", { googleCalendarUrl: 'https://calendar.google.com.evil.example/' }],
  ])('reads none with %s', (_label, change) => {
    expect(readBookingView({ booking: { ...BOOKING, ...change } })).toBeNull();
  });
});

describe('isWebCallId: the call ids the hosts take', () => {
  it('agrees with checkDemoStatusBody', () => {
    const demoId = 'AbCdEfGhIjKlMnOpQrStU_';
    for (const id of ['0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', 'abc', 'x'.repeat(128), 'call_1', '', 'x'.repeat(129), 'a b', '<b>']) {
      expect(isWebCallId(id), id).toBe(checkDemoStatusBody({ demoId, webCallId: id }).ok);
    }
    expect(isWebCallId(42)).toBe(false);
  });
});
