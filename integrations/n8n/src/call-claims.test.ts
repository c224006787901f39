import { describe, expect, it } from 'vitest';
import { callPolicyFromEnv, networkCeiling } from '@franchise-ai/shared/call-policy';
import { LIMIT_MESSAGES, rateLimitsFromEnv } from '@franchise-ai/shared/rate-limits';
import { claimDecision, idsInCommitOrder, limitStep, RECOUNTS, type CallLimits, type ClaimRow } from './call-claims.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
/** The defaults: 5 per client in 10 minutes (10 per IPv6 /56, 15 per /48), 3 per number in a day, 100 a day for the host, 20 of them per network. */
const DEFAULTS: CallLimits = {
  perClient: rateLimitsFromEnv({}).callPerIp,
  perNet56: rateLimitsFromEnv({}).callPerIpv6Net56,
  perNet48: rateLimitsFromEnv({}).callPerIpv6Net48,
  perNumber: rateLimitsFromEnv({}).callPerPhone,
  perDay: callPolicyFromEnv({}).callsPerDay,
  perNetwork: networkCeiling(callPolicyFromEnv({})),
};
const NO_LIMITS: CallLimits = { perClient: null, perNet56: null, perNet48: null, perNumber: null, perDay: null, perNetwork: null };
const NUMBER = '+12015550123';
const SQLITE = { orderedIds: true, lastTry: false };
const POSTGRES = { orderedIds: false, lastTry: false };
const POSTGRES_LAST = { orderedIds: false, lastTry: true };
const own: ClaimRow = { id: 50, receivedAt: new Date(NOW).toISOString(), phoneNumber: NUMBER, client: '203.0.113.9', outcome: 'call-pending' };

let nextId = 0;
/** Rows of other claims: `count` of them, `msAgo`, with ids below the claim's (`lower`) or above it. */
const rows = (count: number, { lower = true, msAgo = HOUR, ...overrides }: Partial<ClaimRow> & { lower?: boolean; msAgo?: number } = {}): ClaimRow[] =>
  Array.from({ length: count }, () => ({
    id: lower ? 1 + (nextId++ % 49) : 51 + nextId++,
    receivedAt: new Date(NOW - msAgo).toISOString(),
    phoneNumber: '+33612345678',
    client: '198.51.100.1',
    outcome: 'call-placed',
    ...overrides,
  }));

describe('claimDecision (defaults: 5 per client in 10 min, 3 per number a day, 100 a day)', () => {
  it.each<[string, ClaimRow[], 'ok' | 'recount' | keyof typeof LIMIT_MESSAGES, typeof SQLITE?]>([
    ['nothing else', [], 'ok'],
    ['its own row only', [own], 'ok'],
    ['two earlier calls to the number today', rows(2, { phoneNumber: NUMBER }), 'ok'],
    ['three earlier calls to the number today', rows(3, { phoneNumber: NUMBER }), 'phoneNumber'],
    ['three earlier calls to the number, one 25 h ago', [...rows(2, { phoneNumber: NUMBER }), ...rows(1, { phoneNumber: NUMBER, msAgo: 25 * HOUR })], 'ok'],
    ['three earlier claims to the number still pending', rows(3, { phoneNumber: NUMBER, outcome: 'call-pending' }), 'phoneNumber'],
    [
      'three earlier calls that may have rung, or were only recorded',
      [...rows(2, { phoneNumber: NUMBER, outcome: 'call-unconfirmed' }), ...rows(1, { phoneNumber: NUMBER, outcome: 'call-recorded' })],
      'phoneNumber',
    ],
    ['three earlier calls the provider refused (nothing rang): freed', rows(3, { phoneNumber: NUMBER, outcome: 'call-failed' }), 'ok'],
    ['five earlier calls from the client in 10 minutes', rows(5, { client: own.client, msAgo: 60_000 }), 'client'],
    [
      'five from the client, the provider refused them: still counted per client, as on the stand-in',
      rows(5, { client: own.client, msAgo: 60_000, outcome: 'call-failed' }),
      'client',
    ],
    [
      'five from the client, one 11 minutes ago',
      [...rows(4, { client: own.client, msAgo: 60_000 }), ...rows(1, { client: own.client, msAgo: 11 * 60_000 })],
      'ok',
    ],
    ['five from another client (an IPv6 /64)', rows(5, { client: '2001:db8:1:2::5', msAgo: 60_000 }), 'ok'],
    ['100 earlier calls today, other numbers and clients', rows(100), 'callsPerDay'],
    ['99 earlier calls today', rows(99), 'ok'],
    ['100 earlier calls today, one of them refused by the provider', [...rows(99), ...rows(1, { outcome: 'call-failed' })], 'ok'],
    // Higher ids: claims inserted after this one. On SQLite they never count (they saw this one);
    // elsewhere they do, after recounts; earlier ones are refused at once everywhere.
    ['three later claims to the number (SQLite)', rows(3, { phoneNumber: NUMBER, lower: false }), 'ok', SQLITE],
    ['three later claims to the number (PostgreSQL): read again', rows(3, { phoneNumber: NUMBER, lower: false }), 'recount', POSTGRES],
    ['three later claims to the number (PostgreSQL, last try)', rows(3, { phoneNumber: NUMBER, lower: false }), 'phoneNumber', POSTGRES_LAST],
    [
      'two earlier and one later (PostgreSQL): read again',
      [...rows(2, { phoneNumber: NUMBER }), ...rows(1, { phoneNumber: NUMBER, lower: false })],
      'recount',
      POSTGRES,
    ],
    ['two earlier claims to the number (PostgreSQL)', rows(2, { phoneNumber: NUMBER }), 'ok', POSTGRES],
    ['three earlier claims to the number (PostgreSQL): refused at once', rows(3, { phoneNumber: NUMBER }), 'phoneNumber', POSTGRES],
    ['100 later calls today (PostgreSQL, last try)', rows(100, { lower: false }), 'callsPerDay', POSTGRES_LAST],
  ])('%s -> %s', (_, window, expected, database = SQLITE) => {
    const decision = claimDecision(own, window, DEFAULTS, NOW, database);
    if (expected === 'ok') return void expect(decision).toEqual({ ok: true });
    if (expected === 'recount') return void expect(decision).toEqual({ ok: false, recount: true });
    const seconds = 'retryAfterSeconds' in decision ? decision.retryAfterSeconds : 0;
    expect(decision).toEqual({
      ok: false,
      status: 429,
      body: { error: LIMIT_MESSAGES[expected], code: expected, retryAfterSeconds: seconds },
      retryAfterSeconds: seconds,
    });
    expect(seconds).toBeGreaterThan(0);
  });

  const v6 = { ...own, client: '2001:db8:1:2::1' };
  it.each<[string, ClaimRow, ClaimRow[], 'ok' | keyof typeof LIMIT_MESSAGES]>([
    ['IPv6: 10 earlier calls from other /64s of its /56 in 10 min', v6, rows(10, { client: '2001:db8:1:3::1', msAgo: 60_000 }), 'client'],
    ['IPv6: 9 from its /56, its /64 none', v6, rows(9, { client: '2001:db8:1:3::1', msAgo: 60_000 }), 'ok'],
    ['IPv6: 15 from other /56s of its /48 in 10 min', v6, rows(15, { client: '2001:db8:1:ff00::1', msAgo: 60_000 }), 'client'],
    ['IPv6: 14 from its /48', v6, rows(14, { client: '2001:db8:1:ff00::1', msAgo: 60_000 }), 'ok'],
    ['IPv6: 20 from its /48 today (its share of 100)', v6, rows(20, { client: '2001:db8:1:ff00::1' }), 'networkShare'],
    ['IPv6: 19 from its /48 today', v6, rows(19, { client: '2001:db8:1:ff00::1' }), 'ok'],
    ['IPv6: 20 from the next /48 today', v6, rows(20, { client: '2001:db8:2::1' }), 'ok'],
    ['IPv4: 20 from its /24 today', own, rows(20, { client: '203.0.113.200' }), 'networkShare'],
    ['IPv4: 20 from its /24 today, the provider refused them (nothing rang): freed', own, rows(20, { client: '203.0.113.200', outcome: 'call-failed' }), 'ok'],
    ['IPv4: 20 from the next /24 today', own, rows(20, { client: '203.0.114.200' }), 'ok'],
  ])('%s -> %s', (_, claim, window, expected) => {
    const decision = claimDecision(claim, window, DEFAULTS, NOW, SQLITE);
    if (expected === 'ok') return void expect(decision).toEqual({ ok: true });
    expect(decision).toMatchObject({ ok: false, status: 429, body: { error: LIMIT_MESSAGES[expected], code: expected } });
  });

  it("'unknown' (n8n without a proxy: every visitor at once) is no network: no share, only the ceiling", () => {
    const unknown = { ...own, client: 'unknown' };
    const limits = { ...DEFAULTS, perClient: null };
    expect(claimDecision(unknown, rows(99, { client: 'unknown' }), limits, NOW, SQLITE)).toEqual({ ok: true });
    expect(claimDecision(unknown, rows(100, { client: 'unknown' }), limits, NOW, SQLITE)).toMatchObject({ body: { code: 'callsPerDay' } });
  });

  it('the client counts by clientKey: its own /64, IPv4-mapped IPv6 as IPv4', () => {
    const v6 = { ...own, client: '2001:db8:1:2::1' };
    expect(claimDecision(v6, rows(5, { client: '2001:db8:1:2:ffff::9', msAgo: 60_000 }), DEFAULTS, NOW, SQLITE)).toMatchObject({
      ok: false,
      body: { error: LIMIT_MESSAGES.client },
    });
    expect(claimDecision(own, rows(5, { client: `::ffff:${own.client}`, msAgo: 60_000 }), DEFAULTS, NOW, SQLITE)).toMatchObject({
      ok: false,
      body: { error: LIMIT_MESSAGES.client },
    });
  });

  it('Retry-After: until the oldest of the counted calls leaves the window', () => {
    const window = [...rows(1, { phoneNumber: NUMBER, msAgo: 20 * HOUR }), ...rows(2, { phoneNumber: NUMBER, msAgo: HOUR })];
    expect(claimDecision(own, window, DEFAULTS, NOW, SQLITE)).toMatchObject({ retryAfterSeconds: 4 * 3600 });
  });

  it('a limit switched off counts nothing; RATE_LIMIT=off leaves the daily ceiling', () => {
    expect(claimDecision(own, rows(3, { phoneNumber: NUMBER }), { ...DEFAULTS, perNumber: null }, NOW, SQLITE)).toEqual({ ok: true });
    const off = rateLimitsFromEnv({ RATE_LIMIT: 'off' });
    const limits = { ...NO_LIMITS, perClient: off.callPerIp, perNumber: off.callPerPhone, perDay: DEFAULTS.perDay };
    expect(claimDecision(own, rows(5, { client: own.client, phoneNumber: NUMBER, msAgo: 60_000 }), limits, NOW, SQLITE)).toEqual({ ok: true });
    expect(claimDecision(own, rows(100), limits, NOW, SQLITE)).toMatchObject({ ok: false, body: { error: LIMIT_MESSAGES.callsPerDay } });
  });
});

describe("idsInCommitOrder: only SQLite, n8n's default", () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, true],
    [{ DB_TYPE: 'sqlite' }, true],
    [{ DB_TYPE: 'postgresdb' }, false],
    [{ DB_TYPE_FILE: '/run/secrets/db_type' }, false],
    [{ DB_TYPE: '' }, false],
  ])('%j -> %s', (env, expected) => expect(idsInCommitOrder(env)).toBe(expected));
});

describe('limitStep: the rows as the Data Table nodes give them', () => {
  const settings = { policy: callPolicyFromEnv({}), limits: rateLimitsFromEnv({}) };
  const stored = (id: number) => ({
    ...own,
    id,
    createdAt: '2026-11-23T11:00:00.000Z',
    updatedAt: '2026-11-23T11:00:00.000Z',
    outcome: 'call-placed',
    consentText: 'yes',
    callId: 'call_1',
    error: null,
  });

  it('counts the rows read, skipping an empty item', () => {
    const window = [{}, stored(1), stored(2), stored(3), { ...stored(50), outcome: 'call-pending' }];
    expect(limitStep(stored(50), window, settings, {}, NOW, 0)).toMatchObject({ ok: false, body: { error: LIMIT_MESSAGES.phoneNumber } });
    expect(limitStep(stored(50), window.slice(0, 3), settings, {}, NOW, 0)).toEqual({ ok: true });
  });

  it('reads the database from $env: on PostgreSQL later claims count too, and the last reading refuses', () => {
    const window = [stored(51), stored(52), stored(53)];
    expect(limitStep(stored(50), window, settings, {}, NOW, 0)).toEqual({ ok: true });
    expect(limitStep(stored(50), window, settings, { DB_TYPE: 'postgresdb' }, NOW, 0)).toEqual({ ok: false, recount: true });
    expect(limitStep(stored(50), window, settings, { DB_TYPE: 'postgresdb' }, NOW, RECOUNTS)).toMatchObject({ ok: false, status: 429 });
  });

  it('an insert that answered no id is an error, not a pass', () => {
    expect(() => limitStep({ ...own, id: undefined }, [], settings, {}, NOW, 0)).toThrow(/without the row's id/);
  });
});

// The proofs in call-claims.ts, tried on many schedules: claims of one number run their steps (insert,
// commit, read and decide, again after a recount, drop if refused) interleaved at random. On the
// SQLite model a claim's id is given and committed in one step (one writer); on the PostgreSQL model
// the id is given at the insert and committed later, in any order.
describe('claims racing for one number (limit 3): at most 3 ever proceed', () => {
  type Model = 'sqlite' | 'postgres';
  function race(model: Model, orderedIds: boolean, claims: number, seed: number): number {
    let state = seed;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const limits: CallLimits = { ...NO_LIMITS, perNumber: { limit: 3, windowMs: 86_400_000 } };
    const table = new Map<number, ClaimRow & { committed: boolean }>();
    let counter = 0;
    let placed = 0;
    type Claim = { id?: number; step: 'insert' | 'commit' | 'read' | 'drop' | 'done'; readings: number };
    const running: Claim[] = Array.from({ length: claims }, () => ({ step: 'insert', readings: 0 }));
    for (;;) {
      const waiting = running.filter((claim) => claim.step !== 'done');
      if (waiting.length === 0) return placed;
      const claim = waiting[Math.floor(random() * waiting.length)]!;
      if (claim.step === 'insert') {
        claim.id = ++counter;
        table.set(claim.id, {
          id: claim.id,
          receivedAt: new Date(NOW).toISOString(),
          phoneNumber: NUMBER,
          client: `c${claim.id}`,
          outcome: 'call-pending',
          committed: model === 'sqlite',
        });
        claim.step = model === 'sqlite' ? 'read' : 'commit';
      } else if (claim.step === 'commit') {
        table.get(claim.id!)!.committed = true;
        claim.step = 'read';
      } else if (claim.step === 'read') {
        const visible = [...table.values()].filter((row) => row.committed);
        const decision = claimDecision(table.get(claim.id!)!, visible, limits, NOW, { orderedIds, lastTry: claim.readings++ >= RECOUNTS });
        if (decision.ok) placed++;
        // A recount is another read, later: other steps run first.
        claim.step = decision.ok ? 'done' : 'recount' in decision ? 'read' : 'drop';
      } else {
        table.delete(claim.id!);
        claim.step = 'done';
      }
    }
  }

  const runs = (model: Model, orderedIds: boolean) => Array.from({ length: 300 }, (_, seed) => race(model, orderedIds, 10, seed + 1));

  it('SQLite, counting earlier claims: never more than 3, and exactly 3 every time', () => {
    expect(new Set(runs('sqlite', true))).toEqual(new Set([3]));
  });

  it('PostgreSQL, counting every visible claim: never more than 3', () => {
    const placed = runs('postgres', false);
    expect(Math.max(...placed)).toBeLessThanOrEqual(3);
    console.log(
      `PostgreSQL model, 300 races of 10 claims: ${[0, 1, 2, 3].map((count) => `${placed.filter((each) => each === count).length} placed ${count}`).join(', ')}`,
    );
  });

  it('PostgreSQL, counting earlier claims only, would let more through: why the rule depends on the database', () => {
    expect(Math.max(...runs('postgres', true))).toBeGreaterThan(3);
  });
});
