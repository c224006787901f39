import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_MS, KEY_REFUSALS } from '@franchise-ai/shared/idempotency';
import { PROVIDER_MESSAGES } from '@franchise-ai/shared/voice-requests';
import type { Lead } from '@franchise-ai/shared/request-body';
import { KEY_ABANDONED_MS, keptTest, keyDecisionStep, keyStep } from './idempotency-step.ts';
import { RECOUNTS } from './call-claims.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const lead = { name: 'Jane Doe', company: 'Acme', email: 'jane@acme.example' } as unknown as Lead;
const now = Date.parse('2026-11-26T10:00:00.000Z');
const KEY = '0123456789abcdef0123456789abcdef';
const item = (headers: Record<string, string> = {}) => ({ headers, body: {} });
const SQLITE = {};
const POSTGRES = { DB_TYPE: 'postgresdb' };

/** A row of the keys table as the Data Table node outputs it. */
const row = (id: number, fields: Partial<Record<string, string>> = {}) => ({
  id,
  key: KEY,
  requestHash: 'h1',
  receivedAt: new Date(now - 1000).toISOString(),
  state: 'working',
  answer: '',
  requestId: `r${id}`,
  ...fields,
});
const answered = (id: number, answer: unknown, fields = {}) => row(id, { state: 'answered', answer: JSON.stringify(answer), ...fields });
const placed = { status: 200, body: { status: 'placed', callId: 'call_1', requestId: 'r1' } };

describe('keyStep', () => {
  it('no header: the request stands alone; a malformed one: 400 in the stand-in words', () => {
    expect(keyStep('demo_form', 'p', item(), lead, '7', sha256, now)).toEqual({ ok: true, keyed: false });
    for (const key of ['short', 'x'.repeat(129), `${KEY}!`, `${KEY}, ${KEY}`]) {
      expect(keyStep('demo_form', 'p', item({ 'idempotency-key': key }), lead, '7', sha256, now)).toEqual({
        ok: false,
        status: 400,
        body: { error: KEY_REFUSALS.malformed.error },
      });
    }
  });

  it("a key: its claim row, bound to the request's hash (endpoint, product, lead), and the oldest live key's time", () => {
    const check = keyStep('demo_form', 'p', item({ 'idempotency-key': KEY }), lead, '7', sha256, now);
    expect(check).toEqual({
      ok: true,
      keyed: true,
      row: {
        key: KEY,
        requestHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        receivedAt: new Date(now).toISOString(),
        state: 'working',
        answer: '',
        requestId: '7',
      },
      since: new Date(now - IDEMPOTENCY_KEY_TTL_MS).toISOString(),
    });
    const hashOf = (endpoint: 'demo_form' | 'website_demo_call', product: string, body: Lead) =>
      (keyStep(endpoint, product, item({ 'idempotency-key': KEY }), body, '7', sha256, now) as { row: { requestHash: string } }).row.requestHash;
    const hash = hashOf('demo_form', 'p', lead);
    expect(
      new Set([hash, hashOf('website_demo_call', 'p', lead), hashOf('demo_form', 'q', lead), hashOf('demo_form', 'p', { ...lead, name: 'Joe' })]).size,
    ).toBe(4);
  });
});

describe('keyDecisionStep', () => {
  const decide = (
    own: unknown,
    rows: unknown[],
    env: Record<string, string> = SQLITE,
    reading = 0,
    endpoint: 'demo_form' | 'trigger_ai_demo_call' = 'trigger_ai_demo_call',
  ) => keyDecisionStep(own, rows, endpoint, env, now, reading);

  it.each([
    ['SQLite', SQLITE],
    ['PostgreSQL', POSTGRES],
  ])('%s: alone with its key, or after an expired or voided one: fresh', (_db, env) => {
    expect(decide(row(5), [row(5)], env)).toEqual({ decision: 'fresh' });
    expect(decide(row(5), [row(1, { receivedAt: new Date(now - IDEMPOTENCY_KEY_TTL_MS).toISOString() }), row(5)], env)).toEqual({ decision: 'fresh' });
    expect(decide(row(5), [row(1, { state: 'void' }), row(5)], env)).toEqual({ decision: 'fresh' });
    // Another key's rows are not this one's.
    expect(decide(row(5), [row(1, { key: 'another-key-000001' }), row(5)], env)).toEqual({ decision: 'fresh' });
  });

  it.each([
    ['SQLite', SQLITE],
    ['PostgreSQL', POSTGRES],
  ])("%s: an earlier kept answer is replayed; an earlier one at work is 409; another request's key is 422", (_db, env) => {
    expect(decide(row(5), [answered(1, placed), row(5)], env)).toEqual({ decision: 'replay', ...placed });
    expect(decide(row(5), [row(1), row(5)], env)).toEqual({
      decision: 'refuse',
      status: 409,
      body: { error: KEY_REFUSALS.inFlight.error, retryAfterSeconds: 1 },
    });
    expect(decide(row(5), [answered(1, placed, { requestHash: 'h2' }), row(5)], env)).toEqual({
      decision: 'refuse',
      status: 422,
      body: { error: KEY_REFUSALS.mismatch.error },
    });
  });

  it('SQLite: two claims at once, whatever each read: the lower id works, the higher one waits for it (409)', () => {
    expect(decide(row(1), [row(1), row(2)])).toEqual({ decision: 'fresh' });
    expect(decide(row(2), [row(1), row(2)])).toMatchObject({ decision: 'refuse', status: 409 });
  });

  it('PostgreSQL: a claim works only when it sees no other live row; one that sees only later ones reads again, then gives up with 409', () => {
    expect(decide(row(1), [row(1), row(2)], POSTGRES)).toEqual({ decision: 'recount' });
    expect(decide(row(1), [row(1), row(2)], POSTGRES, RECOUNTS)).toMatchObject({ decision: 'refuse', status: 409 });
    // The later one had committed and read first, and works: the earlier one waits for its answer.
    expect(decide(row(1), [row(1), answered(2, placed)], POSTGRES)).toEqual({ decision: 'replay', ...placed });
    expect(decide(row(2), [row(1), row(2)], POSTGRES)).toMatchObject({ decision: 'refuse', status: 409 });
  });

  it("a claim whose execution died: a call may have rung, so its retry gets the stand-in's 502; a form's retry works again", () => {
    const dead = row(1, { receivedAt: new Date(now - KEY_ABANDONED_MS).toISOString() });
    expect(decide(row(5), [dead, row(5)])).toEqual({ decision: 'replay', status: 502, body: { error: PROVIDER_MESSAGES.unconfirmed, requestId: 'r1' } });
    expect(decide(row(5), [dead, row(5)], SQLITE, 0, 'demo_form')).toEqual({ decision: 'fresh' });
    // Still within its time: at work.
    expect(decide(row(5), [row(1, { receivedAt: new Date(now - KEY_ABANDONED_MS + 1000).toISOString() }), row(5)], SQLITE, 0, 'demo_form')).toMatchObject({
      status: 409,
    });
  });

  it('throws when the insert answered no id', () => {
    expect(() => decide({}, [])).toThrow(/without the row's id/);
  });
});

describe('keptTest', () => {
  const kept = (answer: unknown) => new Function('answer', `return ${keptTest('answer')};`)(answer) as boolean;
  it('keeps what stored something and a call that may have rung; not the answers that stored nothing, nor a call that did not ring', () => {
    expect([200, 202].map((status) => kept({ status }))).toEqual([true, true]);
    expect(kept({ status: 502, outcome: 'call-unconfirmed' })).toBe(true);
    expect([400, 429, 503].map((status) => kept({ status }))).toEqual([false, false, false]);
    expect([kept({ status: 502, outcome: 'call-failed' }), kept({ status: 502 })]).toEqual([false, false]);
  });
});
