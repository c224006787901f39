import { describe, expect, test } from 'vitest';
import type { ReportEvent } from './call-events.ts';
import {
  DEFAULT_MAIL_FROM,
  followUpFromEnv,
  followUpMails,
  followUpTerms,
  MAIL_RETRY,
  qualificationLines,
  retryDelayMs,
  type FollowUpBooking,
  type FollowUpConfig,
  type FollowUpLead,
} from './follow-up.ts';

const config = (overrides: Partial<FollowUpConfig> = {}): FollowUpConfig => ({
  smtpUrl: 'smtp://127.0.0.1:2525',
  mailFrom: 'demo@acme.example',
  teamEmail: 'team@acme.example',
  bookingUrl: 'https://cal.example/acme/discovery',
  ...overrides,
});

const lead = (overrides: Partial<FollowUpLead> = {}): FollowUpLead => ({
  name: 'Ada Lovelace',
  company: 'Analytical Franchises',
  email: 'ada@example.com',
  businessType: 'franchisor',
  website: 'https://analytical.example',
  phoneNumber: '+12016234567',
  channel: 'phone',
  ...overrides,
});

const report = (overrides: Partial<ReportEvent> = {}): ReportEvent => ({
  kind: 'report',
  callId: 'call_1',
  assistantId: null,
  at: '2026-11-26T09:05:00.000Z',
  endedReason: 'customer-ended-call',
  transcript: 'AI: Hello Ada, I am an AI assistant.\nUser: I want Lyon.',
  summary: 'Ada wants the Lyon territory within a year.',
  structuredData: { territoryWanted: 'Lyon', timeline: '', wantsDiscoveryCall: true, experience: null },
  recordingUrl: 'https://storage.example/call.wav',
  ...overrides,
});

describe('followUpFromEnv', () => {
  test('nothing set: no mail, the default sender', () => {
    expect(followUpFromEnv({})).toEqual({ smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM, teamEmail: undefined, bookingUrl: undefined });
  });

  test('every setting, trimmed; blank counts as unset', () => {
    expect(
      followUpFromEnv({
        SMTP_URL: ' smtps://user:pw@mail.example:465 ',
        MAIL_FROM: 'demo@acme.example',
        TEAM_EMAIL: 'team@acme.example',
        BOOKING_URL: 'https://cal.example/x',
      }),
    ).toEqual({
      smtpUrl: 'smtps://user:pw@mail.example:465',
      mailFrom: 'demo@acme.example',
      teamEmail: 'team@acme.example',
      bookingUrl: 'https://cal.example/x',
    });
    expect(followUpFromEnv({ SMTP_URL: '  ', TEAM_EMAIL: '' })).toMatchObject({ smtpUrl: undefined, teamEmail: undefined });
  });

  test.each([
    [{ SMTP_URL: 'mail.example:25' }, 'SMTP_URL must be smtp://'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be smtp://'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM must be an email address'],
    [{ TEAM_EMAIL: 'team@' }, 'TEAM_EMAIL must be an email address'],
    [{ BOOKING_URL: 'javascript:alert(1)' }, 'BOOKING_URL must be an http(s) URL'],
  ])('%j stops the start, naming the variable', (env, message) => {
    expect(() => followUpFromEnv(env)).toThrow(message);
  });
});

describe('followUpTerms: what demo_form promises', () => {
  test('a summary by mail only with call events on and SMTP set', () => {
    expect(followUpTerms(config(), true)).toEqual({ mail: true, bookingUrl: 'https://cal.example/acme/discovery', contact: { email: null, phone: null } });
    expect(followUpTerms(config(), false).mail).toBe(false);
    expect(followUpTerms(config({ smtpUrl: undefined }), true).mail).toBe(false);
  });

  test('no booking link unless BOOKING_URL', () => {
    expect(followUpTerms(config({ bookingUrl: undefined }), true)).toEqual({ mail: true, bookingUrl: null, contact: { email: null, phone: null } });
  });

  test('the company contact as given', () => {
    const contact = { email: 'team@acme.example', phone: '+12025550123' };
    expect(followUpTerms(config(), true, contact).contact).toEqual(contact);
  });
});

describe('followUpMails', () => {
  test('the visitor gets the summary, the booking link and the transcript; the team the lead, its qualification, summary and transcript', () => {
    const [visitor, team, ...rest] = followUpMails(lead(), report(), config(), 'Franchise AI');
    expect(rest).toEqual([]);
    expect(visitor).toMatchObject({
      kind: 'visitor',
      from: 'demo@acme.example',
      to: 'ada@example.com',
      subject: 'Your AI agent demo for Analytical Franchises: the summary',
    });
    expect(visitor!.text).toContain('Hello Ada Lovelace,');
    expect(visitor!.text).toContain('Franchise AI built for Analytical Franchises');
    expect(visitor!.text).toContain('your phone call covered');
    expect(visitor!.text).toContain('Ada wants the Lyon territory within a year.');
    expect(visitor!.text).toContain('AI: Hello Ada, I am an AI assistant.\nUser: I want Lyon.');
    expect(visitor!.text).toContain('https://cal.example/acme/discovery');
    // Nothing the team reads of the lead goes to the visitor.
    expect(visitor!.text).not.toContain('Territory wanted');
    expect(visitor!.text).not.toContain('storage.example');

    expect(team).toMatchObject({
      kind: 'team',
      from: 'demo@acme.example',
      to: 'team@acme.example',
      subject: 'Demo lead: Ada Lovelace, Analytical Franchises (franchisor)',
    });
    for (const line of [
      'E-mail: ada@example.com',
      'Phone: +12016234567',
      'Website: https://analytical.example',
      'Call ended: customer-ended-call',
      'Recording: https://storage.example/call.wav',
      'Territory wanted: Lyon',
      'Wants a discovery call: yes',
      'Ada wants the Lyon territory within a year.',
      'User: I want Lyon.',
    ]) {
      expect(team!.text).toContain(line);
    }
    // Unanswered questions are left out.
    expect(team!.text).not.toContain('Timeline');
    expect(team!.text).not.toContain('Experience');
  });

  test('no BOOKING_URL: no booking line; a browser call says so', () => {
    const [visitor] = followUpMails(lead({ channel: 'browser' }), report(), config({ bookingUrl: undefined }), 'Franchise AI');
    expect(visitor!.text).not.toContain('Book a discovery call');
    expect(visitor!.text).not.toContain('https://');
    expect(visitor!.text).toContain('your call in the browser covered');
  });

  test("no TEAM_EMAIL: the visitor's mail only", () => {
    expect(followUpMails(lead(), report(), config({ teamEmail: undefined }), 'Franchise AI').map((mail) => mail.kind)).toEqual(['visitor']);
  });

  test('no summary or transcript: each says it is missing; no qualification: said too', () => {
    const [visitor, team] = followUpMails(
      lead({ phoneNumber: null, website: null }),
      report({ summary: null, transcript: null, structuredData: null, recordingUrl: null }),
      config(),
      'Franchise AI',
    );
    expect(visitor!.text).toContain('(The provider sent no summary.)');
    expect(visitor!.text).toContain('(The provider sent no transcript.)');
    expect(team!.text).toContain('(Not answered.)');
    expect(team!.text).not.toMatch(/^(Phone|Website|Recording):/m);
  });

  test('a name or company with line breaks cannot add headers: subjects are one line', () => {
    const mails = followUpMails(lead({ name: 'Ada\r\nBcc: all@example.com', company: 'Co\nX-Evil: 1' }), report(), config(), 'Franchise AI');
    for (const mail of mails) expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mails[1]!.subject).toBe('Demo lead: Ada Bcc: all@example.com, Co X-Evil: 1 (franchisor)');
  });
});

describe('qualificationLines', () => {
  test('labels, yes/no, and unknown keys by name', () => {
    expect(qualificationLines({ bookingWanted: false, reasonForCalling: 'a table', shoeSize: 42 })).toEqual([
      'Wanted a booking: no',
      'Reason for calling: a table',
      'shoeSize: 42',
    ]);
    expect(qualificationLines(null)).toEqual([]);
  });
});

describe('retryDelayMs: the outbox backoff', () => {
  test('5 s, then doubling, at most an hour, never less than the first', () => {
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(failures))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(MAIL_RETRY.maxMs);
    expect(retryDelayMs(1_000)).toBe(MAIL_RETRY.maxMs);
    expect(retryDelayMs(0)).toBe(5_000);
  });

  test('from another first wait (MAIL_RETRY_FIRST_MS)', () => {
    expect([1, 2, 3].map((failures) => retryDelayMs(failures, 200))).toEqual([200, 400, 800]);
  });
});

describe('followUpMails for a French visitor', () => {
  test("our words French-typeset; the visitor's, the host's and the provider's as written", () => {
    const [visitor] = followUpMails(lead({ language: 'fr', name: "Ada O'Hara !" }), report({ summary: 'Lyon ? Oui : 100 %' }), config(), 'Franchise AI');
    expect(visitor!.text).toContain("Bonjour Ada O'Hara !,\n");
    expect(visitor!.text).toContain('\nLyon ? Oui : 100 %\n');
  });

  test("the visitor's mail is French, with the same parts; the team's stays English and says French", () => {
    const [visitor, team] = followUpMails(lead({ language: 'fr' }), report(), config(), 'Franchise AI');
    expect(visitor).toMatchObject({
      kind: 'visitor',
      to: 'ada@example.com',
      subject: 'Votre démo d’agent IA pour Analytical Franchises\u00a0: le compte rendu',
    });
    expect(visitor!.text).toBe(
      [
        'Bonjour Ada Lovelace,',
        '',
        'Merci d’avoir essayé l’agent IA que Franchise AI a conçu pour Analytical Franchises. Voici ce qui s’est dit pendant votre appel.',
        '',
        'Résumé',
        'Ada wants the Lyon territory within a year.',
        '',
        'Réservez un rendez-vous découverte avec notre équipe, au moment qui vous convient\u00a0:',
        'https://cal.example/acme/discovery',
        '',
        'Transcription',
        'AI: Hello Ada, I am an AI assistant.\nUser: I want Lyon.',
        '',
        'Vous recevez cet unique e-mail parce que vous avez demandé la démo. Franchise AI ne vous rappellera pas sans votre demande.',
        '',
      ].join('\n'),
    );
    expect(team!.subject).toBe('Demo lead: Ada Lovelace, Analytical Franchises (franchisor)');
    expect(team!.text).toContain('Language: French');
  });

  test('without a summary, transcript or booking link, a browser call: French words for each', () => {
    const [visitor] = followUpMails(
      lead({ language: 'fr', channel: 'browser' }),
      report({ summary: null, transcript: null }),
      config({ bookingUrl: undefined, teamEmail: undefined }),
      'Franchise AI',
    );
    expect(visitor!.text).toContain('pendant votre appel dans le navigateur.');
    expect(visitor!.text).toContain('(Le fournisseur n’a envoyé aucun résumé.)');
    expect(visitor!.text).toContain('(Le fournisseur n’a envoyé aucune transcription.)');
    expect(visitor!.text).not.toContain('Réservez');
  });

  test('an English lead, said or not, gets the English mail, and the team no language line', () => {
    const [visitor, team] = followUpMails(lead({ language: 'en' }), report(), config(), 'Franchise AI');
    expect(visitor).toEqual(followUpMails(lead(), report(), config(), 'Franchise AI')[0]);
    expect(team!.text).not.toContain('Language:');
  });
});

describe('followUpMails for a company whose name ends with a stop', () => {
  test.each(['en', 'fr'] as const)('%s: one stop after "Bramblewood Bagel Co.", never two', (language) => {
    const [visitor] = followUpMails(lead({ company: 'Bramblewood Bagel Co.', language }), report(), config(), 'Franchise AI');
    expect(visitor!.text).toContain('Bramblewood Bagel Co. ');
    expect(visitor!.text).not.toContain('Co..');
  });
});

describe('followUpMails after a call that booked a meeting', () => {
  const INVITE = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
  // Tuesday 8 December 2026, 10:00 to 10:30 in Paris (UTC+1).
  const booked = (overrides: Partial<FollowUpBooking['booking']> = {}): FollowUpBooking => ({
    booking: { start: Date.parse('2026-12-08T09:00:00Z'), end: Date.parse('2026-12-08T09:30:00Z'), businessType: 'franchisor', ...overrides },
    timeZone: 'Europe/Paris',
    invitation: INVITE,
  });

  test('both mails name it, in the zone the agent said it in, and carry the invitation; the booking link is not offered again', () => {
    const [visitor, team] = followUpMails(lead(), report(), config(), 'Franchise AI', booked());
    const line = 'Discovery call with the development team: Tuesday, December 8 at 10:00 AM Paris time (30 minutes).';
    expect(visitor!.text).toContain(
      `\n\nYour meeting\n${line}\nThe invitation is attached (invite.ics): open it to add the meeting to your calendar.\n\nSummary\n`,
    );
    expect(visitor!.text).not.toContain('Book a discovery call');
    expect(team!.text).toContain(`\n\nMeeting booked\n${line}\nIt is in the team calendar; the invitation is attached (invite.ics).\n\nQualification\n`);
    expect(visitor!.invitation).toBe(INVITE);
    expect(team!.invitation).toBe(INVITE);
  });

  test("a French visitor's in French, typeset; the team's stays English", () => {
    const [visitor, team] = followUpMails(
      lead({ language: 'fr' }),
      report(),
      config(),
      'Franchise AI',
      booked({ businessType: 'franchisee', end: Date.parse('2026-12-08T10:00:00Z') }),
    );
    expect(visitor!.text).toContain(
      [
        'Votre rendez-vous',
        'Rendez-vous à l’établissement\u00a0: mardi 8 décembre à 10:00 (heure de Paris), 1 heure.',
        'L’invitation est jointe (invite.ics)\u00a0: ouvrez-la pour ajouter le rendez-vous à votre agenda.',
        '',
        'Résumé',
      ].join('\n'),
    );
    expect(visitor!.text).not.toContain('Réservez');
    expect(team!.text).toContain('Meeting booked\nAppointment at the location: Tuesday, December 8 at 10:00 AM Paris time (1 hour).');
  });

  test('no booking: no meeting, no invitation', () => {
    for (const mail of followUpMails(lead(), report(), config(), 'Franchise AI')) {
      expect(mail).not.toHaveProperty('invitation');
      expect(mail.text).not.toMatch(/Your meeting|Meeting booked/);
    }
  });
});
