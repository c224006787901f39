import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { bookingView } from '@franchise-ai/shared/booking-view';
import { DEMO_STATUS_MESSAGES } from '@franchise-ai/shared/demo-status';
import { bookingUid, type Booking } from '@franchise-ai/shared/meeting-event';
import { describe, expect, it } from 'vitest';
import { readingRow, statusCheckStep, statusStep, storedProfile, type ProfileRow } from './demo-status-step.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const unavailable: BrandProfile = { status: 'unavailable', website: 'https://acme.com', reason: 'robots' };
const row = (demoId: string, status: string, profile = ''): ProfileRow => ({
  demoId,
  receivedAt: '2026-01-01T00:00:00.000Z',
  website: 'https://acme.com',
  status,
  profile,
});

describe('the profiles table rows', () => {
  it('a new demo is a reading row whose id is the 16 bytes given, as a demoId', () => {
    expect(readingRow(new Uint8Array(16), 'https://acme.com', 0)).toEqual({
      demoId: 'AAAAAAAAAAAAAAAAAAAAAA',
      receivedAt: '1970-01-01T00:00:00.000Z',
      website: 'https://acme.com',
      status: 'reading',
      profile: '',
    });
    // A French lead's row says so; an English one is as before, without the column.
    expect(readingRow(new Uint8Array(16), null, 0, 'fr')).toMatchObject({ website: '', language: 'fr' });
    expect(readingRow(new Uint8Array(16), null, 0, 'en')).not.toHaveProperty('language');
  });

  it("the stored profile is the row of the request's demoId, none while reading or without a demoId", () => {
    const rows = [row('a'.repeat(22), 'reading'), row('b'.repeat(22), 'unavailable', JSON.stringify(unavailable))];
    expect(storedProfile(rows, 'b'.repeat(22))).toEqual(unavailable);
    expect(storedProfile(rows, 'a'.repeat(22))).toBeNull();
    expect(storedProfile(rows, null)).toBeNull();
    // A failed Data Table read (no table yet) is carried on as an item with an error, no row.
    expect(storedProfile([{ error: 'no table' } as Partial<ProfileRow>], 'b'.repeat(22))).toBeNull();
  });
});

describe('demo_status', () => {
  it('checks the envelope, then the demoId', () => {
    expect(statusCheckStep({ headers: JSON_HEADERS, body: { demoId: 'c'.repeat(22) } }, {})).toEqual({ ok: true, demoId: 'c'.repeat(22), webCallId: null });
    expect(statusCheckStep({ headers: JSON_HEADERS, body: { demoId: 'c'.repeat(22), webCallId: 'web-1' } }, {})).toEqual({
      ok: true,
      demoId: 'c'.repeat(22),
      webCallId: 'web-1',
    });
    expect(statusCheckStep({ headers: JSON_HEADERS, body: { demoId: 'c'.repeat(22), webCallId: 'no spaces' } }, {})).toMatchObject({
      ok: false,
      status: 400,
      body: { fields: { webCallId: DEMO_STATUS_MESSAGES.malformedCallId } },
    });
    expect(statusCheckStep({ headers: JSON_HEADERS, body: { demoId: 'short' } }, {})).toMatchObject({
      ok: false,
      status: 400,
      body: { fields: { demoId: DEMO_STATUS_MESSAGES.malformedId } },
    });
    expect(
      statusCheckStep(
        { headers: { ...JSON_HEADERS, origin: 'https://elsewhere.example' }, body: { demoId: 'c'.repeat(22) } },
        { CORS_ORIGINS: 'https://acme.com' },
      ),
    ).toMatchObject({ ok: false, status: 403 });
  });

  it("answers the row's view: reading, unavailable with the reason; 404 for an unknown demo", () => {
    const rows = [row('a'.repeat(22), 'reading'), row('b'.repeat(22), 'unavailable', JSON.stringify(unavailable))];
    expect(statusStep(rows, 'a'.repeat(22))).toEqual({ status: 200, body: { profile: { status: 'reading' } } });
    expect(statusStep(rows, 'b'.repeat(22))).toEqual({ status: 200, body: { profile: unavailable } });
    expect(statusStep(rows, 'c'.repeat(22))).toEqual({ status: 404, body: { error: DEMO_STATUS_MESSAGES.unknown } });
  });

  it('adds the call view once a phone call was placed for the demo and its status reported: the furthest status, seconds to ringing', () => {
    const demoId = 'b'.repeat(22);
    const rows = [row(demoId, 'unavailable', JSON.stringify(unavailable))];
    const link = (callId: string, receivedAt = '2026-11-26T10:00:00.000Z') => ({ callId, demoId, channel: 'phone', receivedAt });
    const status = (callId: string, value: string, at: string) => ({ callId, kind: 'status', status: value, at });
    const events = [
      status('call_2', 'ringing', '2026-11-26T10:01:09.000Z'),
      status('call_2', 'in-progress', '2026-11-26T10:01:20.000Z'),
      status('call_1', 'ended', '2026-11-26T10:00:30.000Z'),
    ];
    // The latest phone call of the demo counts, timed from its own request.
    expect(statusStep(rows, demoId, [link('call_1'), link('call_2', '2026-11-26T10:01:00.000Z')], events).body).toEqual({
      profile: unavailable,
      call: { status: 'in-progress', secondsToRinging: 9 },
    });
    // No phone call, a browser link, or nothing reported yet: no call part.
    expect(statusStep(rows, demoId, [], events).body).toEqual({ profile: unavailable });
    expect(statusStep(rows, demoId, [{ ...link('call_2'), channel: 'browser' }], events).body).toEqual({ profile: unavailable });
    expect(statusStep(rows, demoId, [link('call_3')], events).body).toEqual({ profile: unavailable });
  });

  it("with the demo's booking as the shared bookingView, once the agent made one; another demo's, or an unreadable row, is none", () => {
    const demoId = 'e'.repeat(22);
    const rows = [row(demoId, 'unavailable', JSON.stringify(unavailable))];
    const booking: Booking = {
      uid: bookingUid('k7yQ2mPzL0aB'),
      start: Date.parse('2026-12-08T13:00:00Z'),
      end: Date.parse('2026-12-08T13:30:00Z'),
      businessType: 'franchisor',
      lead: { name: 'Ada Lovelace', company: 'Analytical Franchises', email: 'ada@acme.example' },
      organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
      language: 'en',
      booked: Date.parse('2026-12-07T07:05:00Z'),
    };
    const bookingRow = (id: string, json: string) => ({ demoId: id, view: json });
    expect(statusStep(rows, demoId, [], [], [bookingRow(demoId, JSON.stringify(bookingView(booking)))]).body).toEqual({
      profile: unavailable,
      booking: bookingView(booking),
    });
    expect(statusStep(rows, demoId, [], [], [bookingRow('f'.repeat(22), JSON.stringify(bookingView(booking))), bookingRow(demoId, '{')]).body).toEqual({
      profile: unavailable,
    });
  });
});
