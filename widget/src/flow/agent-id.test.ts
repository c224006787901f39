import { describe, expect, it } from 'vitest';
import { AGENT_ID_PATTERN, createAgentId } from './agent-id.ts';
import { AGENT_ID_LENGTH, AGENT_ID_PREFIX } from '../figures.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** A random source that hands out the given bytes in order, records each request, and throws when it runs dry (so a bug cannot loop). */
function scriptedSource(script: readonly number[]) {
  const queue = [...script];
  const requests: number[] = [];
  const source = (bytes: Uint8Array): Uint8Array => {
    requests.push(bytes.length);
    if (queue.length === 0) throw new Error('scripted random source exhausted');
    for (let i = 0; i < bytes.length; i++) bytes[i] = queue.shift() ?? 0;
    return bytes;
  };
  return { source, requests };
}

describe('createAgentId', () => {
  it('from crypto: MSO- plus 6 characters matching AGENT_ID_PATTERN, no repeats, every character of the alphabet used', () => {
    expect([AGENT_ID_PREFIX, AGENT_ID_LENGTH]).toEqual(['MSO-', 6]);
    const ids = Array.from({ length: 2_000 }, () => createAgentId());
    expect(ids.filter((id) => !AGENT_ID_PATTERN.test(id))).toEqual([]);
    // 36^6 ≈ 2.2e9 possible ids: 200 draws collide with probability < 1e-5.
    expect(new Set(ids.slice(0, 200)).size).toBe(200);
    // 12,000 characters over 36: missing one has probability ~ 36 * (35/36)^12000, i.e. nil.
    expect([...new Set(ids.join('').replaceAll(AGENT_ID_PREFIX, ''))].sort().join('')).toBe([...ALPHABET].sort().join(''));
  });
  it.each<[string, number[], string, number]>([
    // 0 -> A, 25 -> Z, 26 -> 0, 35 -> 9, 36 -> A (wraps), 251 -> 9 (last accepted byte).
    ['maps bytes onto the alphabet', [0, 25, 26, 35, 36, 251, 7, 7, 7, 7, 7, 7], 'MSO-AZ09A9', 1],
    ['ignores bytes drawn beyond the six it needs', [2, 14, 14, 3, 8, 3, 255, 0, 1, 2, 3, 4], 'MSO-COODID', 1],
    // Modulo alone would map 252..255 to A, B, C, D.
    ['skips bytes 252..255 (rejection sampling, no modulo bias)', [252, 253, 254, 255, 26, 27, 28, 29, 30, 31, 0, 0], 'MSO-012345', 1],
    ['skips rejected bytes wherever they fall in the draw', [1, 255, 2, 252, 3, 254, 4, 253, 5, 255, 6, 0], 'MSO-BCDEFG', 1],
    [
      'draws again when a whole batch is rejected',
      [...[0, 1, 2].flatMap(() => [252, 253, 254, 255]), 18, 14, 18, 28, 29, 30, 0, 0, 0, 0, 0, 0],
      'MSO-SOS234',
      2,
    ],
    // Only five acceptable bytes in the first batch: the sixth comes from the second.
    ['draws again when a batch leaves the id short', [0, 1, 2, 3, 4, ...Array(7).fill(255), 35, ...Array(11).fill(0)], 'MSO-ABCDE9', 2],
  ])('with an injected random source: %s', (_label, bytes, id, draws) => {
    const { source, requests } = scriptedSource(bytes);
    expect(createAgentId(source)).toBe(id);
    expect(requests).toHaveLength(draws);
    expect(createAgentId(scriptedSource(bytes).source), 'the same bytes, the same id').toBe(id);
  });
  it('maps the 252 accepted byte values evenly onto the 36 characters', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 252; byte++) {
      const first = createAgentId(scriptedSource([byte, ...Array(11).fill(0)]).source).charAt(AGENT_ID_PREFIX.length);
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    for (const char of ALPHABET) expect(counts.get(char)).toBe(252 / ALPHABET.length);
  });
});
