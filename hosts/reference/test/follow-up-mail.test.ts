import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { fetchLeads, type Lead } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { useSmtpSink, type ReceivedMail } from '@franchise-ai/test-support/smtp-sink';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, validCall, validLead } from './helpers.ts';

// After the call: an end-of-call report for a stored lead puts the visitor's and the
// team's mails in the outbox with the report, and the host sends them to a real SMTP server on
// 127.0.0.1 (test-support's sink), once, whatever the provider redelivers and whether or not the
// mail server is up when the report arrives.

const SECRET = 'follow-up-secret-0123456789abcdef';
const BOOKING_URL = 'https://cal.example/acme/discovery';
const TEAM = 'team@acme.example';
/** A short first retry (MAIL_RETRY_FIRST_MS), so a mail server that comes back is seen within a second. */
const FIRST_RETRY_MS = '200';

const sink = useSmtpSink();

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

const host = useHost(() => ({
  env: {
    RATE_LIMIT: 'off',
    VAPI_API_BASE: provider.url,
    VAPI_PRIVATE_KEY: 'test-private-key',
    VAPI_PHONE_NUMBER_ID: 'pn_123',
    VAPI_TIMEOUT_MS: '1000',
    PUBLIC_WEBHOOK_BASE: 'https://demo.public.example/webhook/acme',
    VAPI_SERVER_SECRET: SECRET,
    SMTP_URL: sink.url,
    MAIL_FROM: 'demo@acme.example',
    TEAM_EMAIL: TEAM,
    BOOKING_URL,
    CONTACT_EMAIL: 'team@acme.example',
    CONTACT_PHONE: '+1 (202) 555-0123',
    MAIL_RETRY_FIRST_MS: FIRST_RETRY_MS,
  },
}));

const postEvent = (body: unknown, secret = SECRET) => postJson(`${host.webhookBase}/call_events`, body, { 'X-Vapi-Secret': secret });

const SUMMARY = 'Ada wants the Lyon territory within a year.';
const TRANSCRIPT = 'AI: Hello Ada, I am an AI assistant.\nUser: I want Lyon.';
const report = (callId: string, call: Record<string, unknown> = {}) => ({
  message: {
    type: 'end-of-call-report',
    call: { id: callId, ...call },
    endedReason: 'customer-ended-call',
    timestamp: Date.parse('2026-11-26T09:05:00Z'),
    artifact: { transcript: TRANSCRIPT },
    analysis: { summary: SUMMARY, structuredData: { territoryWanted: 'Lyon', wantsDiscoveryCall: true } },
  },
});
const status = (callId: string, value: string, timestamp: number) => ({ message: { type: 'status-update', call: { id: callId }, status: value, timestamp } });

/** Places a call through the host (the fake provider answers `callId`), answering its request id. */
async function placeCall(callId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  provider.reply = () => JSON.stringify({ id: callId });
  const body = await jsonOf(await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall(overrides)));
  expect(body).toMatchObject({ status: 'placed', callId });
  return body['requestId'] as string;
}

async function demoForm(overrides: Record<string, unknown> = {}): Promise<{ demoId: string; requestId: string; calls: unknown }> {
  const body = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead({ website: undefined, ...overrides })));
  return { demoId: body['demoId'] as string, requestId: body['requestId'] as string, calls: body['calls'] };
}

const demoStatus = async (body: Record<string, unknown>) => {
  const response = await postJson(`${host.webhookBase}/demo_status`, body);
  expect(response.status).toBe(200);
  return jsonOf(response);
};

const mailsTo = (address: string): ReceivedMail[] => sink.messages.filter((mail) => mail.to.includes(address));
/** The team's mails about the lead with this e-mail address. */
const teamMailsAbout = (address: string): ReceivedMail[] => mailsTo(TEAM).filter((mail) => mail.text.includes(`E-mail: ${address}`));
const leadById = async (id: string): Promise<Lead> => (await fetchLeads(host)).find((lead) => lead.id === id)!;

function count(table: string): number {
  const db = new Database(host.databasePath, { readonly: true });
  try {
    return db.prepare<[], { count: number }>(`SELECT count(*) AS count FROM ${table}`).get()!.count;
  } finally {
    db.close();
  }
}

/** Long enough for a mail that should not come to have come: the outbox sends as soon as it is woken. */
const quietPeriod = () => sleep(600);

describe('with SMTP_URL, TEAM_EMAIL and BOOKING_URL', () => {
  it('demo_form promises the summary by mail and the booking link, and gives the company contact (CONTACT_EMAIL, CONTACT_PHONE as E.164)', async () => {
    expect((await demoForm()).calls).toMatchObject({
      followUp: { mail: true, bookingUrl: BOOKING_URL, contact: { email: 'team@acme.example', phone: '+12025550123' } },
    });
  });

  it('a signed report for a placed call: one visitor mail and one team mail, with the summary, the transcript and the booking link; a redelivery sends nothing more', async () => {
    const requestId = await placeCall('call_mail_1', { email: 'ada.mail@example.com' });
    expect(await jsonOf(await postEvent(report('call_mail_1')))).toEqual({ ok: true, duplicate: false });
    await poll(() => mailsTo('ada.mail@example.com').length + teamMailsAbout('ada.mail@example.com').length).toBe(2);

    const [visitor] = mailsTo('ada.mail@example.com');
    expect(visitor).toMatchObject({
      from: 'demo@acme.example',
      to: ['ada.mail@example.com'],
      subject: 'Your AI agent demo for Analytical Franchises: the summary',
    });
    expect(visitor!.text).toContain(SUMMARY);
    expect(visitor!.text).toContain(TRANSCRIPT);
    expect(visitor!.text).toContain(BOOKING_URL);
    const [team] = teamMailsAbout('ada.mail@example.com');
    expect(team).toMatchObject({ to: [TEAM], subject: 'Demo lead: Ada Lovelace, Analytical Franchises (franchisor)' });
    for (const line of [SUMMARY, TRANSCRIPT, 'Territory wanted: Lyon', 'Wants a discovery call: yes', 'Phone: +12016234567'])
      expect(team!.text).toContain(line);

    // The provider delivers it again: stored once, mailed once.
    expect(await jsonOf(await postEvent(report('call_mail_1')))).toEqual({ ok: true, duplicate: true });
    await quietPeriod();
    expect(mailsTo('ada.mail@example.com')).toHaveLength(1);
    expect(teamMailsAbout('ada.mail@example.com')).toHaveLength(1);

    const lead = await leadById(requestId);
    expect(lead.mails).toEqual([
      expect.objectContaining({ kind: 'visitor', to: 'ada.mail@example.com', sentAt: expect.any(String), attempts: 0, nextAttemptAt: null, lastError: null }),
      expect.objectContaining({ kind: 'team', to: TEAM, sentAt: expect.any(String), attempts: 0 }),
    ]);
  });

  it('a wrong secret: 401, nothing stored, no mail', async () => {
    await placeCall('call_forged', { email: 'forged@example.com' });
    const before = { events: count('call_events'), outbox: count('outbox') };
    const response = await postEvent(report('call_forged'), `${SECRET.slice(0, -1)}X`);
    expect(response.status).toBe(401);
    await quietPeriod();
    expect({ events: count('call_events'), outbox: count('outbox') }).toEqual(before);
    expect(mailsTo('forged@example.com')).toEqual([]);
  });

  it('the SMTP server down when the report arrives: the mails wait in the outbox and go once it is back, none lost, none doubled', async () => {
    const requestId = await placeCall('call_mail_down', { email: 'down@example.com' });
    await sink.stop();
    try {
      expect((await postEvent(report('call_mail_down'))).status).toBe(200);
      // Tried, failed, kept: the lists say so.
      await poll(async () => (await leadById(requestId)).mails?.every((mail) => mail.sentAt === null && mail.attempts >= 2)).toBe(true);
      expect((await leadById(requestId)).mails?.[0]).toMatchObject({
        lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
        nextAttemptAt: expect.any(String),
      });
      expect(host.output()).toMatch(/mail visitor for \S+ failed \(attempt 1\), kept in the outbox/);
    } finally {
      await sink.start();
    }
    await poll(() => mailsTo('down@example.com').length + teamMailsAbout('down@example.com').length).toBe(2);
    await quietPeriod();
    expect(mailsTo('down@example.com')).toHaveLength(1);
    expect(teamMailsAbout('down@example.com')).toHaveLength(1);
    expect((await leadById(requestId)).mails?.map((mail) => mail.sentAt !== null)).toEqual([true, true]);
    // The log names the mails, never their text.
    expect(host.output()).toMatch(/mail visitor for \S+ sent/);
    expect(host.output()).not.toContain('down@example.com');
    expect(host.output()).not.toContain(SUMMARY);
  });

  it('what a stopped host left in the outbox is sent at its next start', async () => {
    await placeCall('call_mail_restart', { email: 'restart@example.com' });
    await sink.stop();
    try {
      expect((await postEvent(report('call_mail_restart'))).status).toBe(200);
      await host.stop();
    } finally {
      await sink.start();
    }
    expect(mailsTo('restart@example.com')).toEqual([]);
    await host.restart();
    await poll(() => mailsTo('restart@example.com').length + teamMailsAbout('restart@example.com').length).toBe(2);
  });

  it('a browser call to the assistant made for the visitor is linked by its assistantId: the mails, and the call on the website_demo_call row', async () => {
    provider.reply = () => JSON.stringify({ id: 'asst_visitor_grace' });
    const created = await jsonOf(
      await postJson(`${host.webhookBase}/website_demo_call`, validLead({ name: 'Grace Hopper', email: 'grace@example.com', businessType: 'franchisee' })),
    );
    expect(created).toMatchObject({ assistantId: 'asst_visitor_grace' });
    expect((await postEvent(report('web_call_grace', { assistantId: 'asst_visitor_grace' }))).status).toBe(200);
    await poll(() => mailsTo('grace@example.com').length + teamMailsAbout('grace@example.com').length).toBe(2);
    expect(mailsTo('grace@example.com')[0]!.text).toContain('your call in the browser covered');

    const lead = await leadById(created['requestId'] as string);
    expect(lead.call?.report).toMatchObject({ summary: SUMMARY, transcript: TRANSCRIPT });
    expect(lead.mails?.map((mail) => mail.kind)).toEqual(['visitor', 'team']);
  });

  it("a browser call the widget reported on demo_status (webCallId) is linked to that demo's lead; a second link of the call id elsewhere is ignored", async () => {
    const lead = await demoForm({ name: 'Katherine Johnson', email: 'katherine@example.com' });
    const other = await demoForm({ name: 'Someone Else', email: 'someone.else@example.com' });
    expect(await demoStatus({ demoId: lead.demoId, webCallId: 'web-call-katherine' })).toMatchObject({ profile: { status: 'unavailable' } });
    await demoStatus({ demoId: other.demoId, webCallId: 'web-call-katherine' });
    // The call ran a shared or unknown assistant: only the web call's id links it.
    expect((await postEvent(report('web-call-katherine', { assistantId: 'asst_shared' }))).status).toBe(200);
    await poll(() => mailsTo('katherine@example.com').length + teamMailsAbout('katherine@example.com').length).toBe(2);
    await quietPeriod();
    expect(mailsTo('someone.else@example.com')).toEqual([]);

    const [listed, otherListed] = [await leadById(lead.requestId), await leadById(other.requestId)];
    expect(listed.call?.report).toMatchObject({ summary: SUMMARY });
    expect(listed.mails).toHaveLength(2);
    expect(otherListed.call).toBeUndefined();
    expect(otherListed.mails).toBeUndefined();
  });

  it('a report that comes before its webCallId: no mail and a line in the log, then the mails once demo_status links the call', async () => {
    const before = count('outbox');
    expect((await postEvent(report('web-call-late', { assistantId: 'asst_nobody' }))).status).toBe(200);
    await poll(() => host.output()).toContain('call report web-call-late is linked to no lead yet: no follow-up mail until its webCallId comes');
    expect(count('outbox')).toBe(before);

    const lead = await demoForm({ name: 'Dorothy Vaughan', email: 'dorothy@example.com' });
    await demoStatus({ demoId: lead.demoId, webCallId: 'web-call-late' });
    await poll(() => mailsTo('dorothy@example.com').length + teamMailsAbout('dorothy@example.com').length).toBe(2);
    expect(mailsTo('dorothy@example.com')[0]!.text).toContain(SUMMARY);
    // The widget sends it again: linked already, nothing more.
    await demoStatus({ demoId: lead.demoId, webCallId: 'web-call-late' });
    await quietPeriod();
    expect(mailsTo('dorothy@example.com')).toHaveLength(1);
    expect(count('outbox')).toBe(before + 2);
  });

  it("demo_status answers the phone call's status and how many seconds after the request it rang", async () => {
    const { demoId } = await demoForm({ email: 'speed@example.com' });
    await placeCall('call_speed', { email: 'speed@example.com', demoId });
    const placedAt = Date.now();
    expect(await demoStatus({ demoId })).not.toHaveProperty('call');
    await postEvent(status('call_speed', 'queued', placedAt + 1_000));
    expect((await demoStatus({ demoId }))['call']).toEqual({ status: 'queued', secondsToRinging: null });
    await postEvent(status('call_speed', 'ringing', placedAt + 4_000));
    const { call } = (await demoStatus({ demoId })) as { call: { status: string; secondsToRinging: number } };
    expect(call.status).toBe('ringing');
    // The request was received a moment before `placedAt`.
    expect(call.secondsToRinging).toBeGreaterThanOrEqual(4);
    expect(call.secondsToRinging).toBeLessThanOrEqual(5);
  });

  it("pnpm leads prints each lead's mails and a browser call's report under it", async () => {
    const lead = await demoForm({ name: 'Mary Jackson', email: 'mary@example.com' });
    await demoStatus({ demoId: lead.demoId, webCallId: 'web-call-mary' });
    await postEvent(report('web-call-mary'));
    await poll(() => mailsTo('mary@example.com').length + teamMailsAbout('mary@example.com').length).toBe(2);
    await poll(async () => (await leadById(lead.requestId)).mails?.every((mail) => mail.sentAt !== null)).toBe(true);

    const printed = (await runLeads(host.databasePath)).split('\n');
    const at = printed.findIndex((line) => line.includes('<mary@example.com>'));
    const under = printed.slice(at + 1, at + 8);
    expect(under).toContain(`  call report 2026-11-26T09:05:00.000Z (customer-ended-call): ${SUMMARY}`);
    expect(under).toContainEqual(expect.stringMatching(/^ {2}mail visitor to mary@example\.com: sent \d{4}-\d\d-\d\dT/));
    expect(under).toContainEqual(expect.stringMatching(new RegExp(`^ {2}mail team to ${TEAM.replace('.', '\\.')}: sent `)));
  });
});

describe('without SMTP_URL', () => {
  const plain = useHost(() => ({
    env: {
      RATE_LIMIT: 'off',
      VAPI_API_BASE: provider.url,
      VAPI_PRIVATE_KEY: 'test-private-key',
      VAPI_PHONE_NUMBER_ID: 'pn_123',
      VAPI_SERVER_SECRET: SECRET,
      PUBLIC_WEBHOOK_BASE: 'https://demo.public.example/webhook/acme',
    },
  }));

  it('says so once at start, promises no mail, and a report is stored with no mail', async () => {
    expect(plain.output()).toContain('Follow-up mails are off: set SMTP_URL (and MAIL_FROM, TEAM_EMAIL) to send them.');
    const form = await jsonOf(await postJson(`${plain.webhookBase}/demo_form`, validLead({ website: undefined })));
    expect(form['calls']).toMatchObject({ followUp: { mail: false, bookingUrl: null, contact: { email: null, phone: null } } });

    provider.reply = () => JSON.stringify({ id: 'call_plain' });
    const { requestId } = await jsonOf(await postJson(`${plain.webhookBase}/trigger_ai_demo_call`, validCall({ email: 'plain@example.com' })));
    const before = sink.messages.length;
    const response = await postJson(`${plain.webhookBase}/call_events`, report('call_plain'), { 'X-Vapi-Secret': SECRET });
    expect(await jsonOf(response)).toEqual({ ok: true, duplicate: false });
    const lead = (await fetchLeads(plain)).find((row) => row.id === requestId)!;
    expect(lead.call?.report).toMatchObject({ summary: SUMMARY });
    expect(lead.mails).toBeUndefined();
    expect(sink.messages.length).toBe(before);
  });
});

const SCRIPT = fileURLToPath(new URL('../scripts/leads.ts', import.meta.url));
const runLeads = (databasePath: string): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DATABASE_PATH: databasePath },
      },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
