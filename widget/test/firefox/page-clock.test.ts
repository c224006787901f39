import { expect, test, vi } from 'vitest';
import { installPageClock, type PageClock } from './page-clock.ts';

// The page clock on Node's timers: what fastForward runs, in which order, what it leaves, and that clearTimeout still cancels.

type Scope = Parameters<typeof installPageClock>[0] & { __clock?: PageClock };
function scope(reportError?: (error: unknown) => void): Scope {
  const page = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    performance,
    ...(reportError ? { reportError } : {}),
  } as unknown as Scope;
  installPageClock(page);
  return page;
}

test('fastForward runs at once every timer due within the jump, in the order they would have run, with their arguments', () => {
  const page = scope();
  const ran: string[] = [];
  page.setTimeout((name: unknown) => ran.push(String(name)), 10_000, 'at 10 s');
  page.setTimeout(() => ran.push('at 5 s, first'), 5_000);
  page.setTimeout(() => ran.push('at 5 s, second'), 5_000);
  page.setTimeout(() => ran.push('at 60 s'), 60_000);
  page.__clock!.fastForward(10_000);
  expect(ran).toEqual(['at 5 s, first', 'at 5 s, second', 'at 10 s']);
  page.__clock!.fastForward(49_000);
  expect(ran).toHaveLength(3);
  page.__clock!.fastForward(1_000);
  expect(ran.at(-1)).toBe('at 60 s');
});

test('a timer not yet due after a jump runs when what remains of its wait has passed, not its whole wait', async () => {
  const page = scope();
  let ran = false;
  page.setTimeout(() => (ran = true), 30_000);
  page.__clock!.fastForward(29_950);
  expect(ran).toBe(false);
  await vi.waitFor(() => expect(ran).toBe(true), { timeout: 5_000, interval: 10 });
});

test('timers run on real time without a jump, and clearTimeout cancels before and after one', async () => {
  const page = scope();
  const ran: string[] = [];
  page.setTimeout(() => ran.push('soon'), 0);
  const cancelled = page.setTimeout(() => ran.push('cancelled before'), 1_000);
  const rearmed = page.setTimeout(() => ran.push('cancelled after a jump'), 2_000);
  page.clearTimeout(cancelled);
  page.__clock!.fastForward(1_500);
  page.clearTimeout(rearmed);
  page.__clock!.fastForward(1_000);
  await vi.waitFor(() => expect(ran).toEqual(['soon']));
});

test("one due timer's error reaches the page's error reporting and the others still run", () => {
  const reported: unknown[] = [];
  const page = scope((error) => reported.push(error));
  const ran: string[] = [];
  page.setTimeout(() => ran.push('first'), 1_000);
  page.setTimeout(() => {
    throw new Error('boom');
  }, 2_000);
  page.setTimeout(() => ran.push('third'), 3_000);
  page.__clock!.fastForward(3_000);
  expect(ran).toEqual(['first', 'third']);
  expect(reported).toEqual([new Error('boom')]);
});
