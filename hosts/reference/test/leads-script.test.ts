import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Booking } from '@franchise-ai/shared/meeting-event';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { Store } from '../src/store.ts';
import { allRows, CONSENT_TEXT, jsonOf, postJson, validCall, validLead } from './helpers.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('../scripts/leads.ts', import.meta.url));

/** Runs `pnpm leads` (the script itself) against `databasePath`. */
function runLeads(databasePath: string, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT, ...args],
      { cwd: PACKAGE_DIR, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DATABASE_PATH: databasePath } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const lines = (text: string): string[] => text.split('\n').filter(Boolean);
const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('against a real database', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off', VAPI_ASSISTANT_ID: 'asst_listed' } });

  it('prints one line per request, newest first, and honours the limit', async () => {
    const sent = [
      ['demo_form', validLead({ name: 'First Lead', email: 'first@example.com', company: 'First Co', businessType: 'franchisee', website: undefined })],
      ['website_demo_call', validLead({ name: 'Second Lead', email: 'second@example.com', website: undefined })],
      ['trigger_ai_demo_call', validCall({ name: 'Third Lead', email: 'third@example.com', phoneNumber: '+1 201 700 1234' })],
    ] as const;
    for (const [endpoint, body] of sent) expect((await postJson(`${host.webhookBase}/${endpoint}`, body)).status).toBeLessThan(300);

    const rows0 = () => allRows(host.databasePath).at(-1)!;
    const all = await runLeads(host.databasePath);
    expect(all.code).toBe(0);
    expect(all.stderr).toBe('');
    const printed = lines(all.stdout);
    // The call's consent is the line under it: the words, the address, the time and the number.
    const consent = printed.splice(1, 1)[0];
    // A lead's website profile is the line under it: without a website, none to read.
    expect(printed.pop()).toBe('  website profile: unavailable (no-website)');
    expect(consent).toBe(`  consent from ${rows0().client_ip} at ${rows0().received_at} for +12017001234: "${CONSENT_TEXT.replace('\n', '\\x0a')}"`);
    expect(printed).toHaveLength(3);
    expect(printed.map((line) => /(First|Second|Third) Lead/.exec(line)?.[0])).toEqual(['Third Lead', 'Second Lead', 'First Lead']);
    const rows = allRows(host.databasePath).reverse();
    printed.forEach((line, i) => {
      expect(line.startsWith(`${rows[i]!.received_at}  ${rows[i]!.endpoint}`)).toBe(true);
    });
    expect(printed[0]).toMatch(
      /trigger_ai_demo_call\s+call-recorded\s+Third Lead <third@example\.com> Analytical Franchises \(franchisor\) https:\/\/analytical\.example \+12017001234$/,
    );
    expect(printed[1]).toMatch(
      /website_demo_call\s+assistant-configured\s+Second Lead <second@example\.com> Analytical Franchises \(franchisor\) asst_listed$/,
    );
    expect(printed[2]).toMatch(/demo_form\s+received\s+First Lead <first@example\.com> First Co \(franchisee\)$/);

    const two = await runLeads(host.databasePath, ['2']);
    expect(lines(two.stdout)).toEqual([printed[0], consent, printed[1]]);
  });

  // On the same host: the newest row only (limit 1), before the next test stops the host.
  describe("visitors' text with terminal control characters", () => {
    // The host's validation may refuse some of these, so they are written into the stored row
    // directly: the script must be safe whatever the database holds.
    const hostile = {
      name: '\x1b[2J\x1b[HAda\rFAKE',
      company: 'Co\u202eyn',
      email: 'ada@example.com\x07',
      website: 'https://a.example/\x9b31m',
      business_type: 'franchisor\u2066',
      phone_number: '+12016234567\n2024-01-01T00:00:00.000Z  demo_form  received  Forged Line',
      consent_text: 'I agree\x1b[2K\nForged consent',
      provider_id: 'back\\slash\x00',
      outcome: 'received\x08',
    };

    it('prints each as a visible escape, on one line, with no control character left', async () => {
      const { requestId } = await jsonOf(await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall()));
      const db = new Database(host.databasePath);
      const columns = Object.keys(hostile);
      db.prepare(`UPDATE requests SET ${columns.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`).run({ ...hostile, id: requestId });
      db.close();

      const result = await runLeads(host.databasePath, ['1']);
      expect(result.code).toBe(0);
      const printed = lines(result.stdout);
      expect(printed).toHaveLength(2);
      expect(printed[1]).toContain('"I agree\\x1b[2K\\x0aForged consent"');
      expect(printed[1]).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
      expect(printed[0]).not.toMatch(/[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/);
      expect(printed[0]).toContain('\\x1b[2J\\x1b[HAda\\x0dFAKE <ada@example.com\\x07> Co\\u202eyn (franchisor\\u2066)');
      expect(printed[0]).toContain('https://a.example/\\x9b31m +12016234567\\x0a2024-01-01T00:00:00.000Z');
      expect(printed[0]).toContain('received\\x08');
      expect(printed[0]).toMatch(/back\\\\slash\\x00$/);
    });
  });

  it('reads without writing: the database file is byte for byte the same afterwards', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: 'Fourth Lead' }));
    const { requestId } = await jsonOf(response);
    await host.stop();
    const before = sha256(host.databasePath);
    const result = await runLeads(host.databasePath);
    expect(result.code).toBe(0);
    expect(lines(result.stdout)[0]).toContain('Fourth Lead');
    expect(sha256(host.databasePath)).toBe(before);
    expect(allRows(host.databasePath).at(-1)?.id).toBe(requestId);
  });
});

describe('without a database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-host-leads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says so in one line, exits 0, and creates neither folder nor file', async () => {
    const databasePath = join(dir, 'not-yet', 'webhook-host.db');
    const result = await runLeads(databasePath);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(lines(result.stdout)).toEqual([`No database at ${databasePath} yet: start the webhook host (pnpm dev) and send it a request.`]);
    expect(existsSync(join(dir, 'not-yet'))).toBe(false);
  });

  it('a database from before the follow-up mails (no assistant_id, web_calls or outbox) is listed with its call reports, and gets none of them', async () => {
    const databasePath = join(dir, 'before-mails.db');
    const db = new Database(databasePath);
    db.exec(`
      CREATE TABLE requests (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, received_at TEXT NOT NULL, endpoint TEXT NOT NULL,
        product TEXT NOT NULL, client_ip TEXT NOT NULL, name TEXT NOT NULL, company TEXT NOT NULL, email TEXT NOT NULL, website TEXT,
        business_type TEXT NOT NULL, phone_number TEXT, outcome TEXT NOT NULL, provider_id TEXT, error TEXT, consent_text TEXT,
        demo_id TEXT, profile_status TEXT, profile TEXT);
      CREATE TABLE call_events (key TEXT PRIMARY KEY, call_id TEXT NOT NULL, kind TEXT NOT NULL, status TEXT, at TEXT NOT NULL,
        received_at TEXT NOT NULL, ended_reason TEXT, transcript TEXT, summary TEXT, structured_data TEXT, recording_url TEXT);
      INSERT INTO requests (id, received_at, endpoint, product, client_ip, name, company, email, business_type, phone_number, outcome, provider_id)
        VALUES ('r1', '2026-11-26T09:00:00.000Z', 'trigger_ai_demo_call', 'acme', '127.0.0.1', 'Old Lead', 'Old Co', 'old@example.com', 'franchisor', '+12016234567', 'call-placed', 'call_old');
      INSERT INTO call_events (key, call_id, kind, at, received_at, summary) VALUES ('call_old:report', 'call_old', 'report', '2026-11-26T09:05:00.000Z', '2026-11-26T09:05:01.000Z', 'An old summary.');
    `);
    db.close();
    const result = await runLeads(databasePath);
    expect(result.stderr).toBe('');
    expect(lines(result.stdout)).toContain('  call report 2026-11-26T09:05:00.000Z: An old summary.');
    const after = new Database(databasePath, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()).toEqual([
      { name: 'call_events' },
      { name: 'requests' },
      { name: 'sqlite_sequence' },
    ]);
    after.close();
  });

  it("a lead's booking is the line under it: when, in which zone, what, and the event's UID", async () => {
    const databasePath = join(dir, 'booked.db');
    const store = new Store(databasePath);
    store.insert({
      name: 'Booked Lead',
      company: 'Analytical Franchises',
      email: 'booked@example.com',
      website: null,
      businessType: 'franchisor',
      phoneNumber: null,
      consentText: null,
      demoId: null,
      language: 'en',
      id: 'row-booked',
      receivedAt: '2026-12-01T10:00:00.000Z',
      endpoint: 'website_demo_call',
      product: 'acme',
      clientIp: '127.0.0.1',
      outcome: 'assistant-created',
      providerId: 'asst_booked',
      error: null,
    });
    const booking: Booking = {
      start: Date.parse('2026-12-15T13:00:00Z'),
      end: Date.parse('2026-12-15T13:30:00Z'),
      uid: 'franchise-ai-booking-row-booked',
      businessType: 'franchisor',
      lead: { name: 'Booked Lead', company: 'Analytical Franchises', email: 'booked@example.com' },
      organizer: { name: 'Franchise AI', email: 'team@example.com' },
      language: 'en',
      booked: Date.parse('2026-12-01T10:05:00Z'),
    };
    store.recordBooking({
      key: 'row-booked-key',
      requestId: 'row-booked',
      demoId: null,
      callId: 'call_b',
      toolCallId: 't1',
      booking,
      timeZone: 'Europe/Paris',
      invitation: 'BEGIN:VCALENDAR',
    });
    store.close();
    const printed = lines((await runLeads(databasePath)).stdout);
    expect(printed[0]).toContain('Booked Lead <booked@example.com>');
    expect(printed[1]).toBe(
      '  booking 2026-12-15T13:00:00.000Z to 2026-12-15T13:30:00.000Z (Europe/Paris): Discovery call with the development team, franchise-ai-booking-row-booked',
    );
  });

  it('a database without the requests table counts as empty, and gets no table', async () => {
    const databasePath = join(dir, 'other.db');
    new Database(databasePath).close();
    const result = await runLeads(databasePath);
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual(['No requests received yet.']);
    const db = new Database(databasePath, { readonly: true });
    expect(db.prepare('SELECT name FROM sqlite_master').all()).toEqual([]);
    db.close();
  });
});
