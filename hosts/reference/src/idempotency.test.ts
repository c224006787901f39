import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf, keyDecision, type KeyDecision } from './idempotency.ts';
import { IDEMPOTENCY_KEY_TTL_MS, Store, type KeyRecord } from './store.ts';

const answered: KeyRecord = { requestHash: 'h1', requestId: 'r1', answer: { status: 200, body: { ok: true } } };
const open: KeyRecord = { requestHash: 'h1', requestId: 'r1', answer: null };

describe('keyDecision', () => {
  it.each<[string, KeyRecord | undefined, string | undefined, string, KeyDecision]>([
    ['a new key', undefined, undefined, 'h1', 'fresh'],
    ['an answered key, same request', answered, undefined, 'h1', 'replay'],
    ['an answered key, another request', answered, undefined, 'h2', 'mismatch'],
    ['a key this process works on, same request', undefined, 'h1', 'h1', 'in-flight'],
    ['a key this process works on, another request', undefined, 'h1', 'h2', 'mismatch'],
    ['a key stored unanswered (a call being settled), same request', open, undefined, 'h1', 'in-flight'],
    ['a key stored unanswered, another request', open, undefined, 'h2', 'mismatch'],
    ['stored and in flight (a call), same request', open, 'h1', 'h1', 'in-flight'],
  ])('%s: %s', (_label, stored, inFlight, hash, expected) => {
    expect(keyDecision(stored, inFlight, hash)).toBe(expected);
  });
});

describe('idempotencyKeyOf', () => {
  it.each([
    [undefined, undefined],
    ['0123456789abcdef', '0123456789abcdef'],
    ['A-z_9'.repeat(25).slice(0, 128), 'A-z_9'.repeat(25).slice(0, 128)],
  ])('%s is accepted as %s', (value, key) => {
    expect(idempotencyKeyOf(value)).toBe(key);
  });

  it.each(['', '0123456789abcde', 'k'.repeat(129), '0123456789abcdef!', '0123456789 abcdef', ['0123456789abcdef', '0123456789abcdef']])(
    '%j is refused with 400 naming the header',
    (value) => {
      expect(() => idempotencyKeyOf(value)).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/^The Idempotency-Key header/) }));
    },
  );
});

describe('keys expire after IDEMPOTENCY_KEY_TTL_MS', () => {
  it('is found until then, forgotten after, and pruned when a new key is written', () => {
    const store = new Store(':memory:');
    const t0 = new Date('2024-12-01T00:00:00Z');
    store.rememberKey('expiring-key-0001', 'h1', 'r1', { status: 200, body: { ok: true } }, t0);
    expect(store.lookUpKey('expiring-key-0001', new Date(t0.getTime() + IDEMPOTENCY_KEY_TTL_MS - 1))?.requestId).toBe('r1');
    const later = new Date(t0.getTime() + IDEMPOTENCY_KEY_TTL_MS);
    expect(store.lookUpKey('expiring-key-0001', later)).toBeUndefined();
    // The expired row goes when another key is written, so the same key can be bound afresh.
    store.rememberKey('expiring-key-0001', 'h2', 'r2', null, later);
    expect(store.lookUpKey('expiring-key-0001', later)).toEqual({ requestHash: 'h2', requestId: 'r2', answer: null });
    store.close();
  });
});
