import { describe, expect, test } from 'vitest';
import { nextRead, readSlots } from './read-slots.ts';

describe('nextRead', () => {
  const waiting = [{ client: 'a' }, { client: 'b' }, { client: 'c' }];
  test.each([
    ['a free slot, no client running: the first', [], 2, 0],
    ["the first's client running: the next client's", ['a'], 2, 1],
    ['every slot taken: none', ['x', 'y'], 2, -1],
    ["only running clients' reads wait: none", ['a', 'b', 'c'], 4, -1],
  ] as const)('%s', (_, running, max, index) => {
    expect(nextRead(waiting, new Set(running), max)).toBe(index);
  });
});

test("readSlots: a client's second read waits for its first; one still waiting at its deadline gets false then", async () => {
  const slots = readSlots(2);
  const far = Date.now() + 60_000;
  expect(await slots.take('a', far)).toBe(true);
  const second = slots.take('a', far);
  const late = slots.take('a', Date.now() + 50);
  expect(await slots.take('b', far)).toBe(true);
  expect(await late).toBe(false);
  slots.release('a');
  expect(await second).toBe(true);
  const drained = slots.take('a', far);
  slots.drain();
  expect(await drained).toBe(false);
});
