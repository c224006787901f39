import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingUid } from '@franchise-ai/shared/meeting-event';
import { sendToolCalls } from '@franchise-ai/test-support/fake-tool-calls';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { useSmtpSink, type ReceivedMail } from '@franchise-ai/test-support/smtp-sink';
import { useTeamCalendar } from '@franchise-ai/test-support/team-calendar';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { bookingKeyOf } from '../src/agent-tool-calls.ts';
import { agentCalls, connectCalendar, dayAhead, onlyAnswer, startAt } from './agent-calls.ts';
import { jsonOf, postJson, validCall } from './helpers.ts';

// A meeting the agent books during the call reaches both follow-up mails: the real host with a
// real SMTP server (test-support's sink) and a real CalDAV calendar (Radicale, in Paris's zone),
// the booking made by the provider's tool-calls message, then the end-of-call report. Each mail
// names the meeting as the agent said it and carries its invitation, read back with ical.js.

const SECRET = 'booking-mail-secret-0123456789abcdef';
const TEAM = 'team@acme.example';
const ZONE = 'Europe/Paris';

const sink = useSmtpSink();

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

const team = useTeamCalendar(connectCalendar, { timeZone: ZONE });

const host = useHost(() => ({
  env: {
    RATE_LIMIT: 'off',
    VAPI_API_BASE: provider.url,
    VAPI_PRIVATE_KEY: 'test-private-key',
    VAPI_PHONE_NUMBER_ID: 'pn_123',
    VAPI_TIMEOUT_MS: '2000',
    PUBLIC_WEBHOOK_BASE: 'https://demo.public.example/webhook/acme',
    VAPI_SERVER_SECRET: SECRET,
    SMTP_URL: sink.url,
    MAIL_FROM: 'demo@acme.example',
    TEAM_EMAIL: TEAM,
    MAIL_RETRY_FIRST_MS: '200',
    ...team.env(),
  },
}));

const { demoAssistant, callTools } = agentCalls(host, provider);

const report = (callId: string, assistantId?: string) => ({
  message: {
    type: 'end-of-call-report',
    call: { id: callId, ...(assistantId ? { assistantId } : {}) },
    endedReason: 'customer-ended-call',
    timestamp: Date.now(),
    artifact: { transcript: 'AI: Which time suits you?\nUser: Ten o’clock.' },
    analysis: { summary: 'Booked a discovery call.', structuredData: { wantsDiscoveryCall: true } },
  },
});
const postReport = (body: unknown) => postJson(`${host.webhookBase}/call_events`, body, { 'X-Vapi-Secret': SECRET });

/** The visitor's mail and the team's about this visitor, once both have come. */
async function mailsOf(address: string): Promise<{ visitor: ReceivedMail; teamMail: ReceivedMail }> {
  const find = () => ({
    visitor: sink.messages.filter((mail) => mail.to.includes(address)),
    teamMail: sink.messages.filter((mail) => mail.to.includes(TEAM) && mail.text.includes(`E-mail: ${address}`)),
  });
  await poll(() => find().visitor.length + find().teamMail.length).toBe(2);
  const { visitor, teamMail } = find();
  return { visitor: visitor[0]!, teamMail: teamMail[0]! };
}

/** The booked time as the agent was told to say it: "Tuesday, December 15 at 10:00 AM Paris time". */
const saidTime = (result: string | undefined) => /^Booked: .+? on (.+?) \(30 minutes\)\./.exec(result ?? '')?.[1];

/**
 * The mail's invitation, as calendar clients find it: the text/calendar; method=REQUEST alternative
 * and the same file attached as invite.ics (nodemailer's icalEvent); read with ical.js.
 */
function invitationOf(mail: ReceivedMail) {
  const alternative = mail.attachments.find((part) => part.contentType === 'text/calendar');
  const file = mail.attachments.find((part) => part.filename === 'invite.ics');
  expect(alternative?.params['method']).toBe('REQUEST');
  expect(file).toMatchObject({ disposition: 'attachment' });
  expect(file!.content).toBe(alternative!.content);
  const calendar = new ICAL.Component(ICAL.parse(file!.content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    start: event.startDate.toJSDate().getTime(),
    end: event.endDate.toJSDate().getTime(),
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendee: String(vevent.getFirstPropertyValue('attendee')),
    summary: event.summary,
  };
}

describe('a browser call that booked a meeting', () => {
  it('the agent promises the invitation; after the report both mails name the meeting as the agent said it and carry a valid METHOD:REQUEST invitation; /leads shows the booking', async () => {
    const at = startAt(ZONE, dayAhead(2, ZONE), '10:00');
    const ada = await demoAssistant({ name: 'Ada Lovelace', email: 'ada.invite@example.com' });
    const callId = 'web_call_booked';
    const booked = await onlyAnswer(callTools(ada, [{ name: 'book_meeting', arguments: { start: at } }], { callId }));
    expect(booked.result).toMatch(/; an invitation will reach them by email\.$/);
    const when = saidTime(booked.result);
    expect(when).toMatch(/^Tuesday, \w+ \d+ at 10:00 AM Paris time$/);

    expect((await postReport(report(callId, ada.id))).status).toBe(200);
    const { visitor, teamMail } = await mailsOf('ada.invite@example.com');
    const line = `Discovery call with the development team: ${when} (30 minutes).`;
    expect(visitor.text).toContain(`Your meeting\n${line}\nThe invitation is attached (invite.ics)`);
    expect(teamMail.text).toContain(`Meeting booked\n${line}\nIt is in the team calendar`);

    const uid = bookingUid(bookingKeyOf({ demoId: ada.demoId, requestId: ada.requestId }));
    const start = Date.parse(at);
    for (const mail of [visitor, teamMail])
      expect(invitationOf(mail)).toEqual({
        method: 'REQUEST',
        uid,
        start,
        end: start + 30 * 60_000,
        organizer: `mailto:${TEAM}`,
        attendee: 'mailto:ada.invite@example.com',
        summary: 'Discovery call with the development team: Ada Lovelace (Analytical Franchises)',
      });

    // The lead's row (the one the call linked to) lists its booking; the token still guards it.
    const row = (await fetchLeads(host)).find((lead) => lead.id === ada.requestId);
    expect(row?.booking).toEqual({
      start: new Date(start).toISOString(),
      end: new Date(start + 30 * 60_000).toISOString(),
      timeZone: ZONE,
      title: 'Discovery call with the development team',
      uid,
    });
    expect((await fetch(`${host.url}/leads`)).status).toBe(401);
  });

  it('a call that booked nothing: mails with no meeting and no attachment, and no booking on the row', async () => {
    const grace = await demoAssistant({ name: 'Grace Hopper', email: 'grace.none@example.com' });
    expect((await postReport(report('web_call_unbooked', grace.id))).status).toBe(200);
    const { visitor, teamMail } = await mailsOf('grace.none@example.com');
    for (const mail of [visitor, teamMail]) {
      expect(mail.attachments).toEqual([]);
      expect(mail.text).not.toMatch(/Your meeting|Meeting booked/);
    }
    expect((await fetchLeads(host)).find((lead) => lead.id === grace.requestId)).not.toHaveProperty('booking');
  });

  it('the SMTP server down when the report comes and the host restarted meanwhile: the mails go once it is back, the invitation still attached', async () => {
    const at = startAt(ZONE, dayAhead(3, ZONE), '14:30');
    const katherine = await demoAssistant({ name: 'Katherine Johnson', email: 'katherine.down@example.com' });
    await onlyAnswer(callTools(katherine, [{ name: 'book_meeting', arguments: { start: at } }], { callId: 'web_call_down' }));
    await sink.stop();
    try {
      expect((await postReport(report('web_call_down', katherine.id))).status).toBe(200);
      await poll(async () => (await fetchLeads(host)).find((lead) => lead.id === katherine.requestId)?.mails?.every((mail) => mail.attempts >= 1)).toBe(true);
      await host.stop();
    } finally {
      await sink.start();
    }
    await host.restart();
    const { visitor, teamMail } = await mailsOf('katherine.down@example.com');
    for (const mail of [visitor, teamMail]) expect(invitationOf(mail)).toMatchObject({ method: 'REQUEST', start: Date.parse(at) });
  });
});

describe('a phone call in French that booked a meeting', () => {
  it('the agent promises the invitation in French; the visitor’s mail names the meeting in French, the team’s in English, both attached', async () => {
    const at = startAt(ZONE, dayAhead(4, ZONE), '11:00');
    provider.reply = (request) => (request.path === '/call' ? JSON.stringify({ id: 'call_phone_fr' }) : '{}');
    const body = validCall({ website: undefined, language: 'fr', businessType: 'franchisee', name: 'Marie Curie', email: 'marie.rdv@example.com' });
    expect(await jsonOf(await postJson(`${host.webhookBase}/trigger_ai_demo_call`, body))).toMatchObject({ status: 'placed', callId: 'call_phone_fr' });
    const assistant = (provider.requests.find((request) => request.path === '/call')!.body as { assistant: Record<string, unknown> }).assistant;
    provider.reply = null;
    const booked = await onlyAnswer(
      sendToolCalls(assistant, [{ name: 'book_meeting', arguments: { start: at } }], { url: `${host.webhookBase}/call_events`, callId: 'call_phone_fr' }),
    );
    expect(booked.result).toMatch(
      /^Réservé\u00a0: un rendez-vous à l’établissement le jeudi \d+ \S+ à 11:00 \(heure de Paris\) .*une invitation lui parviendra par e-mail\.$/u,
    );
    const when = /le (jeudi .+?\(heure de Paris\))/.exec(booked.result!)?.[1];

    expect((await postReport(report('call_phone_fr'))).status).toBe(200);
    const { visitor, teamMail } = await mailsOf('marie.rdv@example.com');
    expect(visitor.text).toContain(`Votre rendez-vous\nRendez-vous à l’établissement\u00a0: ${when}, 30 minutes.\nL’invitation est jointe (invite.ics)`);
    expect(teamMail.text).toMatch(/Meeting booked\nAppointment at the location: Thursday, \w+ \d+ at 11:00 AM Paris time \(30 minutes\)\./);
    for (const mail of [visitor, teamMail])
      expect(invitationOf(mail)).toMatchObject({ method: 'REQUEST', start: Date.parse(at), attendee: 'mailto:marie.rdv@example.com' });
  });
});
