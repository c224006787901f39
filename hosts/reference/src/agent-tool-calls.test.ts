import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BOOKING_KEY_PATTERN, bookingUid, type Booking } from '@franchise-ai/shared/meeting-event';
import { bookingKeyOf } from './agent-tool-calls.ts';
import { Store } from './store.ts';

const DEMO_ID = 'AAECAwQFBgcICQoLDA0ODw';

describe('the booking key', () => {
  it('is a hash of the demoId: the same for every call of the demo, never the demoId, a valid key', () => {
    const key = bookingKeyOf({ demoId: DEMO_ID, requestId: 'row-1' });
    expect(bookingKeyOf({ demoId: DEMO_ID, requestId: 'row-2' })).toBe(key);
    expect(key).toMatch(BOOKING_KEY_PATTERN);
    expect(key).not.toContain(DEMO_ID);
  });

  it('of the row when the lead has no demoId, and never the same as a demo’s', () => {
    const key = bookingKeyOf({ demoId: null, requestId: DEMO_ID });
    expect(key).toMatch(BOOKING_KEY_PATTERN);
    expect(key).not.toBe(bookingKeyOf({ demoId: DEMO_ID, requestId: DEMO_ID }));
    expect(bookingKeyOf({ demoId: null, requestId: 'row-3' })).not.toBe(key);
  });
});

describe('a booking kept with the lead', () => {
  const key = bookingKeyOf({ demoId: DEMO_ID, requestId: 'row-1' });
  const booking: Booking = {
    start: Date.parse('2026-12-15T13:00:00Z'),
    end: Date.parse('2026-12-15T13:30:00Z'),
    uid: bookingUid(key),
    businessType: 'franchisor',
    lead: { name: 'Ada Lovelace', company: 'Analytical Franchises', email: 'ada@example.com', phoneNumber: null },
    organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
    language: 'en',
    booked: Date.parse('2026-12-01T10:00:00Z'),
  };
  const record = {
    key,
    requestId: 'row-1',
    demoId: DEMO_ID,
    callId: 'call_1',
    toolCallId: 'tool_1',
    booking,
    timeZone: 'Europe/Paris',
    invitation: 'BEGIN:VCALENDAR…',
  };

  it('once per key, read back by key and by demo', () => {
    const store = new Store(':memory:');
    try {
      expect(store.recordBooking(record, new Date('2026-12-01T10:00:01Z'))).toBe(true);
      expect(store.recordBooking({ ...record, toolCallId: 'tool_again' })).toBe(false);
      const kept = { ...record, recordedAt: '2026-12-01T10:00:01.000Z' };
      expect(store.bookingOf(key)).toEqual(kept);
      expect(store.bookingOfDemo(DEMO_ID)).toEqual(kept);
      expect(store.bookingOf('another-key-0001')).toBeUndefined();
      expect(store.bookingOfCall('call_1')).toEqual(kept);
      expect(store.bookingOfCall('call_2')).toBeUndefined();
    } finally {
      store.close();
    }
  });
});

describe('a queued mail and its invitation', () => {
  const mail = { kind: 'visitor' as const, from: 'demo@acme.example', to: 'ada@example.com', subject: 'Your demo', text: 'Hello' };

  it('are kept together in the outbox, across a reopening; a mail without one has none', () => {
    const folder = mkdtempSync(join(tmpdir(), 'outbox-'));
    const path = join(folder, 'host.db');
    try {
      const first = new Store(path);
      first.enqueueMails('report-1', 'call_1', 'row-1', [
        { ...mail, invitation: 'BEGIN:VCALENDAR…' },
        { ...mail, kind: 'team', to: 'team@acme.example' },
      ]);
      first.close();
      const again = new Store(path);
      try {
        const due = again.nextDueMail();
        expect(due).toMatchObject({ kind: 'visitor', invitation: 'BEGIN:VCALENDAR…' });
        again.mailSent(due!.id);
        expect(again.nextDueMail()).toMatchObject({ kind: 'team', invitation: null });
      } finally {
        again.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('an outbox made before the column gets it, its queued mails none', () => {
    const folder = mkdtempSync(join(tmpdir(), 'outbox-'));
    const path = join(folder, 'host.db');
    try {
      new Store(path).close();
      const db = new Database(path);
      db.exec('ALTER TABLE outbox DROP COLUMN invitation');
      db.prepare(
        `INSERT INTO outbox (key, kind, request_id, call_id, mail_from, mail_to, subject, body, created_at, next_attempt_at)
         VALUES ('old:visitor', 'visitor', 'row-1', 'call_1', 'demo@acme.example', 'ada@example.com', 'Your demo', 'Hello', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
      ).run();
      db.close();
      const store = new Store(path);
      try {
        expect(store.nextDueMail()).toMatchObject({ subject: 'Your demo', invitation: null });
      } finally {
        store.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
