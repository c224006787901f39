import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, rateLimitsFromEnv } from '@franchise-ai/shared/rate-limits';
import { hitDecisionStep, hitStep, longestHitWindowMs } from './client-limits-step.ts';

const now = Date.parse('2026-11-26T10:00:00.000Z');
const limits = rateLimitsFromEnv({ RATE_LIMIT_DEMO_FORM: '2/60' });
const hit = (id: number, fields: Record<string, string> = {}) => ({
  id,
  receivedAt: new Date(now - 1000).toISOString(),
  endpoint: 'demo_form',
  clientKey: '203.0.113.7',
  ...fields,
});

describe('hitStep', () => {
  it("demo_form and website_demo_call count the client's hits (IPv6 by its /64, shared clientKey); a limit that is off counts none", () => {
    expect(hitStep('demo_form', '2001:db8:1:2::9', limits, now)).toEqual({
      limited: true,
      row: { receivedAt: new Date(now).toISOString(), endpoint: 'demo_form', clientKey: '2001:db8:1:2::/64' },
      since: new Date(now - 60_000).toISOString(),
    });
    expect(hitStep('website_demo_call', '203.0.113.7', limits, now)).toMatchObject({ limited: true, since: new Date(now - 60_000).toISOString() });
    expect(hitStep('demo_form', '203.0.113.7', rateLimitsFromEnv({ RATE_LIMIT: 'off' }), now)).toEqual({ limited: false });
    expect(hitStep('trigger_ai_demo_call', '203.0.113.7', limits, now)).toEqual({ limited: false });
  });
});

describe('hitDecisionStep', () => {
  const decide = (own: unknown, rows: unknown[], env: Record<string, string> = {}) => hitDecisionStep(own, rows, 'demo_form', limits, env, now);

  it('SQLite: within the limit among the earlier hits of the client and endpoint; over it, 429 with code "client" and the seconds to wait', () => {
    expect(decide(hit(2), [hit(1), hit(2), hit(3)])).toEqual({ ok: true });
    expect(decide(hit(3), [hit(1), hit(2), hit(3)])).toEqual({
      ok: false,
      status: 429,
      body: { error: LIMIT_MESSAGES.client, code: 'client', retryAfterSeconds: 59 },
    });
    // Another client's, another endpoint's, or an expired hit do not count.
    expect(decide(hit(3), [hit(1, { clientKey: '203.0.113.8' }), hit(2, { endpoint: 'website_demo_call' }), hit(3)])).toEqual({ ok: true });
    expect(decide(hit(3), [hit(1, { receivedAt: new Date(now - 60_000).toISOString() }), hit(2), hit(3)])).toEqual({ ok: true });
  });

  it('PostgreSQL: every visible hit counts, the later ones too (more refused in a burst, never one more let on)', () => {
    expect(decide(hit(1), [hit(1), hit(2), hit(3)], { DB_TYPE: 'postgresdb' })).toMatchObject({ ok: false, status: 429 });
  });

  it('the hits are kept as long as the longest of the two windows', () => {
    expect(longestHitWindowMs(rateLimitsFromEnv({ RATE_LIMIT_ASSISTANT: '5/300' }))).toBe(300_000);
    expect(longestHitWindowMs(rateLimitsFromEnv({ RATE_LIMIT: 'off' }))).toBe(0);
  });
});
