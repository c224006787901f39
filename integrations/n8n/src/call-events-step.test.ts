import { describe, expect, it } from 'vitest';
import { EVENT_REFUSALS, MAX_EVENT_BODY_BYTES, OUTPUT_NAMES, type ReportEvent } from '@franchise-ai/shared/call-events';
import { BODY_REFUSALS } from '@franchise-ai/shared/request-body';
import { invitation } from '@franchise-ai/shared/meeting-event';
import { callBooking, eventCheckStep, firstStep, followUpStep, linkedLead, type LinkedRows } from './call-events-step.ts';

const SECRET = 's'.repeat(40);
const env = { VAPI_SERVER_SECRET: SECRET };
const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const headers = (secret?: string) => ({ 'content-type': 'application/json', ...(secret !== undefined && { 'x-vapi-secret': secret }) });
const reportBody = {
  message: { type: 'end-of-call-report', call: { id: 'call_1' }, analysis: { summary: 'They want Austin.' }, artifact: { transcript: 'AI: Hi\nUser: Hello' } },
};

describe('Check event', () => {
  it('refuses a missing or wrong secret 401, and answers 404 when call events are off, before reading the body', () => {
    for (const sent of [undefined, 'x'.repeat(40)])
      expect(eventCheckStep({ headers: headers(sent), body: 'not even json' }, env, NOW)).toEqual({
        ok: false,
        status: 401,
        body: { error: EVENT_REFUSALS.secret.error },
        store: false,
      });
    expect(eventCheckStep({ headers: headers(SECRET), body: reportBody }, {}, NOW)).toMatchObject({
      status: 404,
      body: { error: EVENT_REFUSALS.off.error },
      store: false,
    });
  });

  it('a malformed setting answers 500 naming it, so the provider delivers again once it is fixed', () => {
    expect(eventCheckStep({ headers: headers(SECRET), body: reportBody }, { ...env, MAIL_FROM: 'nobody' }, NOW)).toMatchObject({
      status: 500,
      store: false,
      body: { error: expect.stringContaining('MAIL_FROM') },
    });
    expect(eventCheckStep({ headers: headers('short'), body: reportBody }, { VAPI_SERVER_SECRET: 'short' }, NOW)).toMatchObject({ status: 500, store: false });
  });

  it('refuses a body that is not JSON (415), one over MAX_EVENT_BODY_BYTES (413), or no call event (400 with the reason)', () => {
    expect(eventCheckStep({ headers: { 'x-vapi-secret': SECRET, 'content-type': 'text/plain' }, body: 'x' }, env, NOW)).toMatchObject({
      status: BODY_REFUSALS.notJson.status,
      store: false,
    });
    expect(eventCheckStep({ headers: { ...headers(SECRET), 'content-length': String(MAX_EVENT_BODY_BYTES + 1) }, body: reportBody }, env, NOW)).toMatchObject({
      status: 413,
      store: false,
    });
    expect(eventCheckStep({ headers: headers(SECRET), body: { message: { type: 'status-update', call: {} } } }, env, NOW)).toMatchObject({
      status: 400,
      body: { error: EVENT_REFUSALS.invalid.error, reason: expect.stringContaining('call.id') },
      store: false,
    });
  });

  it('answers a message type it does not use 200 {ok, ignored}, storing nothing', () => {
    expect(eventCheckStep({ headers: headers(SECRET), body: { message: { type: 'transcript', call: { id: 'c' } } } }, env, NOW)).toEqual({
      ok: true,
      status: 200,
      body: { ok: true, ignored: 'transcript' },
      store: false,
    });
  });

  it("stores every status of the provider's schema, not-found and deletion-failed too, and answers one it does not list 200, storing nothing", () => {
    const status = (value: string) => ({ headers: headers(SECRET), body: { message: { type: 'status-update', status: value, call: { id: 'c' } } } });
    for (const value of ['not-found', 'deletion-failed']) {
      expect(eventCheckStep(status(value), env, NOW)).toMatchObject({ store: true, row: { key: `c:status:${value}`, status: value } });
    }
    expect(eventCheckStep(status('dancing'), env, NOW)).toEqual({ ok: true, status: 200, body: { ok: true, ignored: 'status-update dancing' }, store: false });
  });

  it('a report in the current shape: the outputs and the recording object', () => {
    const current = {
      message: {
        type: 'end-of-call-report',
        call: { id: 'call_2' },
        analysis: {},
        artifact: {
          recording: { mono: { combinedUrl: 'https://storage.example/c.wav' } },
          structuredOutputs: {
            one: { name: OUTPUT_NAMES.summary, result: 'Austin.' },
            two: { name: OUTPUT_NAMES.qualification, result: { territoryWanted: 'Austin' } },
          },
        },
      },
    };
    expect(eventCheckStep({ headers: headers(SECRET), body: current }, env, NOW)).toMatchObject({
      store: true,
      row: { summary: 'Austin.', structuredData: '{"territoryWanted":"Austin"}', recordingUrl: 'https://storage.example/c.wav' },
    });
  });

  it('a report becomes one row of strings keyed by the shared eventKey', () => {
    const checked = eventCheckStep({ headers: headers(SECRET), body: reportBody }, env, NOW);
    expect(checked).toMatchObject({
      store: true,
      row: {
        key: 'call_1:report',
        callId: 'call_1',
        kind: 'report',
        status: '',
        summary: 'They want Austin.',
        transcript: 'AI: Hi\nUser: Hello',
        structuredData: '',
        receivedAt: '2026-11-26T10:00:00.000Z',
      },
    });
    const status = eventCheckStep(
      { headers: headers(SECRET), body: { message: { type: 'status-update', status: 'ringing', call: { id: 'call_1' }, timestamp: NOW + 1000 } } },
      env,
      NOW,
    );
    expect(status).toMatchObject({ store: true, row: { key: 'call_1:status:ringing', kind: 'status', status: 'ringing', at: '2026-11-26T10:00:01.000Z' } });
  });
});

describe('First?', () => {
  const row = (id: number, key = 'call_1:report') => ({ id, key });
  it('the delivery with the lowest id of its key is the first; a later one is a duplicate, whatever else the table holds', () => {
    expect(firstStep(row(5), [row(5), row(3, 'other:report')])).toEqual({ first: true, id: 5 });
    expect(firstStep(row(5), [row(4), row(5)])).toEqual({ first: false, id: 5 });
    expect(firstStep(row(4), [row(4), row(5)])).toEqual({ first: true, id: 4 });
    // A read that found nothing (an empty item) leaves the insert first.
    expect(firstStep(row(4), [{}])).toEqual({ first: true, id: 4 });
  });
  it('an insert that answered no id stops the execution rather than guessing', () => {
    expect(() => firstStep({}, [])).toThrow(/without the row's id/);
  });
});

const lead = {
  receivedAt: '2026-11-26T09:58:00.000Z',
  endpoint: 'trigger_ai_demo_call',
  name: 'Jane Doe',
  company: 'Acme Burgers',
  email: 'jane@acme.example',
  website: '',
  businessType: 'franchisee',
  phoneNumber: '+12015550100',
  client: '127.0.0.1',
};
const phoneRows: LinkedRows = {
  calls: [{ callId: 'call_1', receivedAt: lead.receivedAt, phoneNumber: lead.phoneNumber }],
  links: [{}],
  demos: [{}],
  leads: [lead],
};

describe('the lead of a call', () => {
  it('a phone call: the calls row of its id, then the lead stored with it (same receivedAt and number)', () => {
    expect(linkedLead('call_1', phoneRows)).toEqual({
      name: 'Jane Doe',
      company: 'Acme Burgers',
      email: 'jane@acme.example',
      businessType: 'franchisee',
      website: null,
      phoneNumber: '+12015550100',
      channel: 'phone',
      // A row from before the language column has none: English.
      language: 'en',
    });
    expect(linkedLead('call_1', { ...phoneRows, leads: [{ ...lead, language: 'fr' }] })).toMatchObject({ language: 'fr' });
    expect(linkedLead('call_1', { ...phoneRows, leads: [{ ...lead, phoneNumber: '+12015550199' }] })).toBeNull();
    expect(linkedLead('call_2', phoneRows)).toBeNull();
  });

  it("a browser call: the link the widget's webCallId made, the demo's row, and demo_form's lead of the same moment", () => {
    const formLead = { ...lead, endpoint: 'demo_form', phoneNumber: '', website: 'https://acme.example/' };
    const rows: LinkedRows = {
      calls: [{}],
      links: [{ callId: 'web_1', demoId: 'd'.repeat(22), channel: 'browser' }],
      demos: [{ demoId: 'd'.repeat(22), receivedAt: lead.receivedAt }],
      leads: [formLead],
    };
    expect(linkedLead('web_1', rows)).toMatchObject({ email: 'jane@acme.example', website: 'https://acme.example/', phoneNumber: null, channel: 'browser' });
    // A phone link is not a browser call's.
    expect(linkedLead('web_1', { ...rows, links: [{ ...(rows.links[0] as object), channel: 'phone' }] })).toBeNull();
  });
});

describe('Follow-up', () => {
  const report: ReportEvent = {
    kind: 'report',
    callId: 'call_1',
    assistantId: null,
    at: '2026-11-26T10:05:00.000Z',
    endedReason: 'customer-ended-call',
    transcript: 'AI: Hi',
    summary: 'Wants Austin.',
    structuredData: null,
    recordingUrl: null,
  };
  const mailEnv = { ...env, SMTP_URL: 'smtp://127.0.0.1:2525', TEAM_EMAIL: 'team@franchise-ai.example', BOOKING_URL: 'https://cal.example/discovery' };

  it('a linked report with SMTP_URL: the visitor and team mails as pending outbox rows, due now, keyed per mail', () => {
    const { mails, answer } = followUpStep(report, phoneRows, mailEnv, NOW, null);
    expect(mails.map((mail) => [mail.key, mail.kind, mail.mailTo, mail.status, mail.attempts, mail.nextAttemptAt])).toEqual([
      ['call_1:report:visitor', 'visitor', 'jane@acme.example', 'pending', '0', '2026-11-26T10:00:00.000Z'],
      ['call_1:report:team', 'team', 'team@franchise-ai.example', 'pending', '0', '2026-11-26T10:00:00.000Z'],
    ]);
    expect(mails[0]!.text).toContain('https://cal.example/discovery');
    // A French lead: the visitor's mail in French.
    const french = followUpStep(report, { ...phoneRows, leads: [{ ...lead, language: 'fr' }] }, mailEnv, NOW, null).mails;
    expect(french[0]!.text).toMatch(/^Bonjour Jane Doe,/);
    expect(answer).toEqual({ status: 200, body: { ok: true, duplicate: false, followUp: '2 follow-up mail(s) queued.' } });
    // No booking: no row names the invitation column, which a table made before it lacks.
    expect(mails.map((mail) => 'invitation' in mail)).toEqual([false, false]);
  });

  it("the call's booking: both mails name it, and both rows keep its invitation", () => {
    const start = Date.parse('2026-12-08T09:00:00Z');
    const meeting = { start, end: start + 30 * 60_000, businessType: 'franchisor' as const };
    const ics = invitation({
      ...meeting,
      uid: 'franchise-ai-booking-lead-0001',
      lead: { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example' },
      organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
      language: 'en',
      booked: NOW,
    });
    // As "Call booking" reads it from the bookings table; a row it cannot read is no booking.
    const row = { callId: 'call_1', booking: JSON.stringify({ ...meeting, uid: 'u' }), timeZone: 'Europe/Paris', invitation: ics };
    expect([callBooking([]), callBooking([{ ...row, booking: '{' }]), callBooking([{ ...row, invitation: undefined }])]).toEqual([null, null, null]);
    const booked = callBooking([row])!;
    expect(booked).toMatchObject({ booking: meeting, timeZone: 'Europe/Paris', invitation: ics });
    const { mails } = followUpStep(report, phoneRows, mailEnv, NOW, booked);
    expect(mails.map((mail) => mail.invitation)).toEqual([ics, ics]);
    for (const mail of mails) expect(mail.text).toContain('Discovery call with the development team: Tuesday, December 8 at 10:00 AM Paris time (30 minutes).');
  });

  it('no SMTP_URL, or no lead: no row, and the answer says why', () => {
    expect(followUpStep(report, phoneRows, env, NOW, null)).toEqual({
      mails: [],
      answer: { status: 200, body: { ok: true, duplicate: false, followUp: 'SMTP_URL is not set: no follow-up mail is sent.' } },
    });
    expect(followUpStep({ ...report, callId: 'call_9' }, phoneRows, mailEnv, NOW, null).mails).toEqual([]);
  });
});
