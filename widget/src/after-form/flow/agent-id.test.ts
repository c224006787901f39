import { describe, expect, it } from 'vitest';
import { AGENT_ID_PATTERN, createAgentId } from './agent-id.ts';
import { AGENT_ID_LENGTH, AGENT_ID_PREFIX } from '../../figures.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A random source that hands out the given bytes in order, records each
 * request, and throws when it runs dry (so a bug can never loop forever).
 */
function scriptedSource(script: readonly number[]) {
  const queue = [...script];
  const requests: number[] = [];
  const source = (bytes: Uint8Array): Uint8Array => {
    requests.push(bytes.length);
    if (queue.length === 0) throw new Error('scripted random source exhausted');
    for (let i = 0; i < bytes.length; i++) bytes[i] = queue.shift() ?? 0;
    return bytes;
  };
  return { source, requests, remaining: () => queue.length };
}

describe('AGENT_ID_PATTERN', () => {
  it.each(['MSO-ABC123', 'MSO-000000', 'MSO-ZZZZZZ'])('accepts %s', (id) => {
    expect(AGENT_ID_PATTERN.test(id)).toBe(true);
  });

  it.each([
    'MSO-abc123', // lower case
    'MSO-ABC12', // too short
    'MSO-ABC1234', // too long
    'MS0-ABC123', // wrong prefix
    'ABC123', // no prefix
    ' MSO-ABC123', // leading space
    'MSO-ABC123 ', // trailing space
    'MSO-ABC-12', // punctuation
  ])('rejects %j', (id) => {
    expect(AGENT_ID_PATTERN.test(id)).toBe(false);
  });
});

describe('createAgentId', () => {
  it('matches AGENT_ID_PATTERN over many crypto draws', () => {
    for (let i = 0; i < 2_000; i++) {
      const id = createAgentId();
      expect(id).toMatch(AGENT_ID_PATTERN);
      expect(id.startsWith(AGENT_ID_PREFIX)).toBe(true);
      expect(id).toHaveLength(AGENT_ID_PREFIX.length + AGENT_ID_LENGTH);
    }
  });

  it('is MSO- plus 6 characters (spec section 9)', () => {
    const id = createAgentId();
    expect(id.slice(0, 4)).toBe('MSO-');
    expect(id.slice(4)).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('uses the injected random source deterministically', () => {
    // 0 -> A, 25 -> Z, 26 -> 0, 35 -> 9, 36 -> A (wraps), 251 -> 9 (last accepted byte).
    const bytes = [0, 25, 26, 35, 36, 251, 7, 7, 7, 7, 7, 7];
    expect(createAgentId(scriptedSource(bytes).source)).toBe('MSO-AZ09A9');
    expect(createAgentId(scriptedSource(bytes).source)).toBe('MSO-AZ09A9');
    expect(createAgentId(scriptedSource([1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0]).source)).toBe('MSO-BCDEFG');
  });

  it('ignores bytes drawn beyond the six it needs', () => {
    const { source, requests } = scriptedSource([2, 14, 14, 3, 8, 3, 255, 0, 1, 2, 3, 4]);
    expect(createAgentId(source)).toBe('MSO-COODID');
    expect(requests).toHaveLength(1);
  });

  it('skips bytes 252..255 (rejection sampling, no modulo bias)', () => {
    // Modulo alone would map 252..255 to A, B, C, D.
    const { source, requests } = scriptedSource([252, 253, 254, 255, 26, 27, 28, 29, 30, 31, 0, 0]);
    expect(createAgentId(source)).toBe('MSO-012345');
    expect(requests).toHaveLength(1);
  });

  it('skips rejected bytes wherever they fall in the draw', () => {
    const { source } = scriptedSource([1, 255, 2, 252, 3, 254, 4, 253, 5, 255, 6, 0]);
    expect(createAgentId(source)).toBe('MSO-BCDEFG');
  });

  it('draws again when a whole batch is rejected', () => {
    const { source, requests } = scriptedSource([...Array.from({ length: 12 }, (_, i) => 252 + (i % 4)), 18, 14, 18, 28, 29, 30, 0, 0, 0, 0, 0, 0]);
    expect(createAgentId(source)).toBe('MSO-SOS234');
    expect(requests.length).toBe(2);
  });

  it('draws again when a batch leaves the id short', () => {
    // Only five acceptable bytes in the first batch: the sixth comes from the second.
    const first = [0, 1, 2, 3, 4, 255, 255, 255, 255, 255, 255, 255];
    const second = [35, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const { source, requests } = scriptedSource([...first, ...second]);
    expect(createAgentId(source)).toBe('MSO-ABCDE9');
    expect(requests.length).toBe(2);
  });

  it('maps the 252 accepted byte values evenly onto the 36 characters', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 252; byte++) {
      const id = createAgentId(scriptedSource([byte, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).source);
      const first = id.charAt(AGENT_ID_PREFIX.length);
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    expect(counts.size).toBe(ALPHABET.length);
    for (const char of ALPHABET) expect(counts.get(char)).toBe(252 / ALPHABET.length);
  });

  it('never lets a byte of 252..255 reach the id, whatever its position', () => {
    for (const rejected of [252, 253, 254, 255]) {
      for (let position = 0; position < AGENT_ID_LENGTH; position++) {
        const bytes = [26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26];
        bytes[position] = rejected;
        // Every accepted byte is 26 -> '0'; a leaked 252..255 would show as A..D.
        expect(createAgentId(scriptedSource(bytes).source)).toBe('MSO-000000');
      }
    }
  });

  it('gives different ids across crypto draws', () => {
    const ids = new Set(Array.from({ length: 200 }, () => createAgentId()));
    // 36^6 ≈ 2.2e9 possible ids: 200 draws collide with probability < 1e-5.
    expect(ids.size).toBe(200);
  });

  it('uses every character of the alphabet across crypto draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) for (const char of createAgentId().slice(AGENT_ID_PREFIX.length)) seen.add(char);
    // 6000 draws over 36 characters: missing one has probability ~ 36 * (35/36)^6000, i.e. nil.
    expect([...seen].sort().join('')).toBe([...ALPHABET].sort().join(''));
  });
});
