import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { DEMO_ID_BYTES, DEMO_ID_PATTERN, demoIdFromBytes, isDemoId } from './demo-id.ts';

describe('demoId: 128 random bits in base64url', () => {
  test('writes the bytes as base64url without padding, as Node does', () => {
    for (let round = 0; round < 50; round += 1) {
      const bytes = randomBytes(DEMO_ID_BYTES);
      const id = demoIdFromBytes(new Uint8Array(bytes));
      expect(id).toBe(bytes.toString('base64url'));
      expect(id).toMatch(DEMO_ID_PATTERN);
      expect(isDemoId(id)).toBe(true);
    }
    expect(demoIdFromBytes(new Uint8Array(16).fill(255))).toBe('_____________________w');
  });

  test('refuses anything but 16 bytes, so a short source cannot make a guessable id', () => {
    expect(() => demoIdFromBytes(new Uint8Array(15))).toThrow('16 random bytes, not 15');
  });

  test('isDemoId takes only the written form', () => {
    for (const value of ['', 'a'.repeat(21), 'a'.repeat(23), `${'a'.repeat(21)}=`, `${'a'.repeat(21)}/`, 42, null, undefined])
      expect(isDemoId(value)).toBe(false);
  });
});
