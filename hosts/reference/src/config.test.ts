import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { todayWords } from '@franchise-ai/shared/agent-tools';
import { configFromEnv, DEFAULT_DATABASE_PATH } from './config.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('configFromEnv with nothing set', () => {
  const config = configFromEnv({});

  it('listens on 127.0.0.1:8787', () => {
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8787);
  });

  it("keeps the database in the package's data/ folder, fully synced", () => {
    expect(config.databasePath).toBe(DEFAULT_DATABASE_PATH);
    expect(relative(PACKAGE_DIR, config.databasePath)).toBe('data/webhook-host.db');
    expect(config.databaseSync).toBe('full');
  });

  it('has the documented rate limits', () => {
    expect(config.rateLimits).toEqual({
      demoFormPerIp: { limit: 20, windowMs: 60_000 },
      assistantPerIp: { limit: 20, windowMs: 60_000 },
      callPerIp: { limit: 5, windowMs: 600_000 },
      callPerIpv6Net56: { limit: 10, windowMs: 600_000 },
      callPerIpv6Net48: { limit: 15, windowMs: 600_000 },
      callPerPhone: { limit: 3, windowMs: 86_400_000 },
      statusPerIp: { limit: 120, windowMs: 60_000 },
      chatPerIp: { limit: 20, windowMs: 60_000 },
    });
  });

  it('gives one network a fifth of the daily ceiling, and links the consent words to no privacy policy', () => {
    expect(config.callPolicy).toMatchObject({ networkShare: 20, privacyUrls: { en: null, fr: null } });
  });

  it('reads websites beyond this machine unless WEBSITES_OFFLINE=1', () => {
    expect(config.websitesOffline).toBe(false);
    expect(configFromEnv({ WEBSITES_OFFLINE: '1' }).websitesOffline).toBe(true);
    expect(() => configFromEnv({ WEBSITES_OFFLINE: 'yes' })).toThrow('WEBSITES_OFFLINE must be 1 (on) or 0 (off)');
  });

  it('reads at most 4 websites at once unless MAX_SITE_READS says otherwise, and at least 1', () => {
    expect(config.maxSiteReads).toBe(4);
    expect(configFromEnv({ MAX_SITE_READS: '2' }).maxSiteReads).toBe(2);
    expect(() => configFromEnv({ MAX_SITE_READS: '0' })).toThrow('MAX_SITE_READS must be a whole number ≥ 1, got "0"');
  });

  it.each([
    ['http://localhost:5173', true],
    ['http://127.0.0.1:3000', true],
    ['http://[::1]:8080', true],
    ['https://partner.example', false],
    ['http://localhost.evil.example', false],
  ])('allows only local origins: %s -> %s', (origin, allowed) => {
    expect(config.allowOrigin(origin)).toBe(allowed);
  });

  it('trusts no proxy, serves no /leads, injects no failure or latency, logs every request', () => {
    expect(config.trustProxy).toBe(false);
    expect(config.leadsToken).toBeUndefined();
    expect(config.failures.size).toBe(0);
    expect(config.latencyMs).toBe(0);
    expect(config.logRequests).toBe(true);
    expect(config.siteReader).toEqual({ allowLoopback: false, userAgent: 'FranchiseAIDemoBot/1.0' });
  });

  it('has the documented connection limits, sized for a webhook', () => {
    expect(config.connections).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 15_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 256,
      maxConnectionsPerClient: 64,
    });
  });

  it('talks to the public voice API with a 10 s timeout and no credentials', () => {
    expect(config.voice).toEqual({
      apiBase: 'https://api.vapi.ai',
      privateKey: undefined,
      assistantId: undefined,
      phoneNumberId: undefined,
      timeoutMs: 10_000,
    });
  });

  it('treats empty values as unset', () => {
    const empty = configFromEnv({ HOST: '', PORT: '', DATABASE_PATH: '', LATENCY_MS: '', RATE_LIMIT_CALL_IP: '', VAPI_PRIVATE_KEY: '' });
    expect(empty).toMatchObject({ host: '127.0.0.1', port: 8787, databasePath: DEFAULT_DATABASE_PATH, latencyMs: 0 });
    expect(empty.rateLimits.callPerIp).toEqual({ limit: 5, windowMs: 600_000 });
    expect(empty.voice.privateKey).toBeUndefined();
  });
});

describe('configFromEnv with values set', () => {
  it('reads each setting', () => {
    const config = configFromEnv({
      HOST: '0.0.0.0',
      PORT: '0',
      DATABASE_PATH: '/tmp/elsewhere.db',
      DATABASE_SYNC: 'normal',
      CORS_ORIGINS: 'https://partner.example',
      TRUST_PROXY: '1',
      LEADS_TOKEN: '0123456789abcdef'.repeat(4),
      HEADERS_TIMEOUT_MS: '500',
      REQUEST_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '250',
      MAX_CONNECTIONS: '3',
      MAX_CONNECTIONS_PER_CLIENT: '2',
      RATE_LIMIT_DEMO_FORM: '1/1',
      RATE_LIMIT_CALL_PHONE: 'off',
      FAIL: 'demo_form:500',
      LATENCY_MS: '250',
      LOG_REQUESTS: '0',
      VAPI_API_BASE: 'http://127.0.0.1:9',
      VAPI_PRIVATE_KEY: 'key',
      VAPI_TIMEOUT_MS: '1500',
      ALLOW_PRIVATE_WEBSITES: '1',
      READER_INFO_URL: 'https://franchise-ai.example/bot',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      databasePath: '/tmp/elsewhere.db',
      databaseSync: 'normal',
      trustProxy: true,
      leadsToken: '0123456789abcdef'.repeat(4),
      connections: { headersTimeoutMs: 500, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 250, maxConnections: 3, maxConnectionsPerClient: 2 },
      latencyMs: 250,
      logRequests: false,
      siteReader: { allowLoopback: true, userAgent: 'FranchiseAIDemoBot/1.0 (+https://franchise-ai.example/bot)' },
    });
    expect(config.allowOrigin('https://partner.example')).toBe(true);
    expect(config.allowOrigin('http://localhost:5173')).toBe(false);
    expect(config.rateLimits.demoFormPerIp).toEqual({ limit: 1, windowMs: 1_000 });
    expect(config.rateLimits.callPerPhone).toBeNull();
    expect(config.rateLimits.assistantPerIp).toEqual({ limit: 20, windowMs: 60_000 });
    expect(config.failures.get('demo_form')).toEqual({ kind: 'status', status: 500 });
    expect(config.voice).toMatchObject({ apiBase: 'http://127.0.0.1:9', privateKey: 'key', timeoutMs: 1_500 });
  });

  it.each([
    [{ MAX_CONNECTIONS: '100' }, 25],
    [{ MAX_CONNECTIONS: '3' }, 1],
    [{ MAX_CONNECTIONS: '100', TRUST_PROXY: '1' }, 100],
  ])("MAX_CONNECTIONS_PER_CLIENT unset with %j: %i (a quarter; behind a proxy every socket is the proxy's)", (env, expected) => {
    expect(configFromEnv(env).connections.maxConnectionsPerClient).toBe(expected);
  });

  it('RATE_LIMIT=off turns every limit off, whatever the others say', () => {
    const config = configFromEnv({ RATE_LIMIT: 'off', RATE_LIMIT_DEMO_FORM: '1/1' });
    expect(Object.values(config.rateLimits)).toEqual([null, null, null, null, null, null, null, null]);
  });

  it("RATE_LIMIT=off leaves the call policy alone: the daily ceiling is the operator's cost guard, off only with MAX_CALLS_PER_DAY=off", () => {
    expect(configFromEnv({ RATE_LIMIT: 'off' }).callPolicy.callsPerDay).toEqual({ limit: 100, windowMs: 86_400_000 });
    expect(configFromEnv({ MAX_CALLS_PER_DAY: 'off' }).callPolicy.callsPerDay).toBeNull();
    expect(configFromEnv({ RATE_LIMIT: 'off' }).callPolicy.networkShare).toBe(20);
  });
});

describe('configFromEnv refuses malformed values with a message naming them', () => {
  it.each([
    ['PORT', 'http'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['LATENCY_MS', 'soon'],
    ['LATENCY_MS', '-5'],
    ['VAPI_TIMEOUT_MS', '10s'],
  ])('%s=%s', (name, value) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(`${name} must be a whole number ≥ 0, got "${value}".`);
  });

  it.each([
    ['HEADERS_TIMEOUT_MS', '0'],
    ['REQUEST_TIMEOUT_MS', '0'],
    ['KEEP_ALIVE_TIMEOUT_MS', '5s'],
    ['MAX_CONNECTIONS', '0'],
    ['MAX_CONNECTIONS', 'lots'],
    ['MAX_CONNECTIONS_PER_CLIENT', '0'],
    ['MAX_CONNECTIONS_PER_CLIENT', 'a quarter'],
  ])('%s=%s (0 would switch the limit off)', (name, value) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(`${name} must be a whole number ≥ 1, got "${value}".`);
  });

  it('HEADERS_TIMEOUT_MS above REQUEST_TIMEOUT_MS', () => {
    expect(() => configFromEnv({ HEADERS_TIMEOUT_MS: '20000' })).toThrow(
      'HEADERS_TIMEOUT_MS (20000) must not exceed REQUEST_TIMEOUT_MS (15000): the headers are part of the request.',
    );
  });

  it('MAX_CONNECTIONS_PER_CLIENT above MAX_CONNECTIONS', () => {
    expect(() => configFromEnv({ MAX_CONNECTIONS: '8', MAX_CONNECTIONS_PER_CLIENT: '9' })).toThrow(
      'MAX_CONNECTIONS_PER_CLIENT (9) must not exceed MAX_CONNECTIONS (8): one client cannot hold more than all of them.',
    );
  });

  it.each([
    ['CALL_COUNTRIES', 'US,XX', 'CALL_COUNTRIES: XX is not a country code'],
    ['MAX_CALLS_PER_DAY', 'lots', 'MAX_CALLS_PER_DAY must be a whole number of at least 1, or off'],
    ['RECORD_CALLS', 'true', 'RECORD_CALLS must be 1 (on) or 0 (off)'],
    ['CALL_NETWORK_SHARE', 'half', 'CALL_NETWORK_SHARE must be a whole per cent from 1 to 100'],
    ['PRIVACY_POLICY_URL', '/privacy', 'PRIVACY_POLICY_URL must be an absolute http(s) address'],
  ])('%s=%s', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(message);
  });

  it('LEADS_TOKEN shorter than 32 characters', () => {
    expect(() => configFromEnv({ LEADS_TOKEN: 'hunter2' })).toThrow('LEADS_TOKEN must be at least 32 characters, got 7');
  });

  it.each([
    'RATE_LIMIT_DEMO_FORM',
    'RATE_LIMIT_ASSISTANT',
    'RATE_LIMIT_CALL_IP',
    'RATE_LIMIT_CALL_IPV6_56',
    'RATE_LIMIT_CALL_IPV6_48',
    'RATE_LIMIT_CALL_PHONE',
    'RATE_LIMIT_DEMO_STATUS',
  ])('%s=5 per minute', (name) => {
    expect(() => configFromEnv({ [name]: '5 per minute' })).toThrow('Rate limit "5 per minute" must look like count/seconds');
  });

  it('FAIL=demo_form:teapot', () => {
    expect(() => configFromEnv({ FAIL: 'demo_form:teapot' })).toThrow(/FAIL: "demo_form:teapot"/);
  });

  it('PUBLIC_WEBHOOK_BASE without VAPI_SERVER_SECRET', () => {
    expect(() => configFromEnv({ PUBLIC_WEBHOOK_BASE: 'https://demo.example/webhook/acme' })).toThrow('PUBLIC_WEBHOOK_BASE needs VAPI_SERVER_SECRET');
  });
});

describe('call events', () => {
  it('are off with nothing set, and no assistant is told to report', () => {
    expect(configFromEnv({}).callEvents).toEqual({ secret: undefined, server: undefined });
  });

  it('with both set: the secret guards call_events and the assistants report to the public base', () => {
    const secret = 'x'.repeat(20) + 'y'.repeat(20);
    expect(configFromEnv({ PUBLIC_WEBHOOK_BASE: 'https://demo.example/webhook/acme/', VAPI_SERVER_SECRET: secret }).callEvents).toEqual({
      secret,
      server: { url: 'https://demo.example/webhook/acme/call_events', secret },
    });
  });
});

describe('follow-up mails', () => {
  it('are off with nothing set; the first retry waits 5 s', () => {
    const config = configFromEnv({});
    expect(config.followUp).toEqual({ smtpUrl: undefined, mailFrom: 'demo@franchise-ai.example', teamEmail: undefined, bookingUrl: undefined });
    expect(config.mailRetryFirstMs).toBe(5_000);
  });

  it('reads SMTP_URL, MAIL_FROM, TEAM_EMAIL, BOOKING_URL and MAIL_RETRY_FIRST_MS', () => {
    const config = configFromEnv({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'demo@acme.example',
      TEAM_EMAIL: 'team@acme.example',
      BOOKING_URL: 'https://cal.example/acme',
      MAIL_RETRY_FIRST_MS: '200',
    });
    expect(config.followUp).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'demo@acme.example',
      teamEmail: 'team@acme.example',
      bookingUrl: 'https://cal.example/acme',
    });
    expect(config.mailRetryFirstMs).toBe(200);
  });

  it('a malformed one stops the start, naming it', () => {
    expect(() => configFromEnv({ SMTP_URL: 'mail.example:25' })).toThrow('SMTP_URL must be');
    expect(() => configFromEnv({ MAIL_RETRY_FIRST_MS: '0' })).toThrow('MAIL_RETRY_FIRST_MS must be a whole number ≥ 1');
  });
});

describe('the company contact', () => {
  it('none with nothing set; CONTACT_EMAIL and CONTACT_PHONE (as E.164) when set', () => {
    expect(configFromEnv({}).contact).toEqual({ email: null, phone: null });
    expect(configFromEnv({ CONTACT_EMAIL: 'team@acme.example', CONTACT_PHONE: '+33 6 12 34 56 78' }).contact).toEqual({
      email: 'team@acme.example',
      phone: '+33612345678',
    });
  });

  it('a malformed one stops the start, naming it', () => {
    expect(() => configFromEnv({ CONTACT_EMAIL: 'team' })).toThrow('CONTACT_EMAIL must be an email address, got "team".');
    expect(() => configFromEnv({ CONTACT_PHONE: '555-0123' })).toThrow('CONTACT_PHONE must be an international number');
  });
});

describe("the agent's tools", () => {
  const folder = mkdtempSync(join(tmpdir(), 'territories-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };
  const calendar = { CALDAV_URL: 'http://127.0.0.1:5232/team/team', CALDAV_USERNAME: 'team', CALDAV_PASSWORD: 'secret' };

  it('none with nothing set', () => {
    expect(configFromEnv({}).agentTools).toEqual({ territories: null, calendar: null });
  });

  it('TERRITORIES_FILE is read and parsed at start', () => {
    const path = file('list.csv', 'name,codes,status\nLyon,69,open\nParis,75,sold\n');
    const { territories } = configFromEnv({ TERRITORIES_FILE: path }).agentTools;
    expect(territories?.map(({ name, status }) => [name, status])).toEqual([
      ['Lyon', 'open'],
      ['Paris', 'sold'],
    ]);
  });

  it('a bad territory file stops the start, listing every problem by line', () => {
    const path = file('bad.csv', 'name,status\nLyon,maybe\n,open\n');
    expect(() => configFromEnv({ TERRITORIES_FILE: path })).toThrow(/TERRITORIES_FILE ".*bad\.csv" is not a territory list[\s\S]*line 2[\s\S]*line 3/);
    expect(() => configFromEnv({ TERRITORIES_FILE: join(folder, 'missing.csv') })).toThrow(/TERRITORIES_FILE ".*missing\.csv" cannot be read: ENOENT/);
  });

  it('CALDAV_URL turns the calendar on, with the meeting settings (the calendar’s URL given its slash)', () => {
    const { calendar: tools } = configFromEnv({ ...calendar, MEETING_HOURS: '09:00-12:00', CALDAV_TIMEZONE: 'Europe/Paris', PORT: '1' }).agentTools;
    expect(tools?.settings).toMatchObject({ timeZone: 'Europe/Paris', hours: [{ from: 540, to: 720 }], slotMinutes: 30 });
    expect(tools?.env).toEqual({ ...calendar, MEETING_HOURS: '09:00-12:00', CALDAV_TIMEZONE: 'Europe/Paris' });
  });

  it.each([
    [{ CALDAV_URL: 'ftp://calendar.example/team/' }, 'CALDAV_URL must be the http(s) URL'],
    [{ CALDAV_URL: 'https://calendar.example/team/' }, 'CALDAV_URL needs CALDAV_USERNAME and CALDAV_PASSWORD'],
    [{ ...calendar, CALDAV_TIMEZONE: 'Paris' }, 'CALDAV_TIMEZONE must be an IANA time zone'],
    // Checked without a calendar too: a typo is said before a calendar is added.
    [{ MEETING_HOURS: '9 to 5' }, 'MEETING_HOURS'],
    [{ MEETING_SLOT_MINUTES: '0' }, 'MEETING_SLOT_MINUTES must be a whole number from 5 to 480'],
  ])('%o stops the start: %s', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(message);
  });

  it('the prompt’s date is today in the calendar’s zone and the lead’s language', () => {
    const at = Date.parse('2026-12-07T23:30:00Z');
    // Intl's words, whose punctuation its ICU data decides.
    expect(todayWords(at, 'Europe/Paris', 'en')).toMatch(/^Tuesday,? 8 December 2026$/);
    expect(todayWords(at, 'UTC', 'fr')).toBe('lundi 7 décembre 2026');
  });
});
