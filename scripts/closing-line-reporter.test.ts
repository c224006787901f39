import { afterEach, expect, test, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import ClosingLineReporter from './closing-line-reporter.ts';

// The closing line from what Vitest hands the reporter at the end of a run.

afterEach(() => vi.restoreAllMocks());

/** What the reporter printed for one run's end. */
function closingLine(...args: Parameters<ClosingLineReporter['onTestRunEnd']>): string {
  const printed: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (printed.push(String(chunk)), true));
  new ClosingLineReporter().onTestRunEnd(...args);
  return printed.join('').trim().split('\n').at(-1)!;
}

/** A test file whose tests ended in `states`. */
const module = (states: string[], { state = 'passed', errors = [] as unknown[] } = {}) =>
  ({
    children: { allTests: () => states.map((value) => ({ result: () => ({ state: value }) })) },
    state: () => state,
    errors: () => errors,
  }) as unknown as TestModule;

test('counts the tests of every file', () => {
  expect(closingLine([module(['passed', 'passed']), module(['passed', 'failed'], { state: 'failed' })], [], 'failed')).toBe('3 passed, 1 failed');
});

test('a file that did not load counts as a failure, and so does an error outside any test', () => {
  expect(closingLine([module([], { state: 'failed', errors: [new Error('syntax')] })], [new Error('unhandled')], 'failed')).toBe('0 passed, 2 failed');
});

test('a run Vitest ends as failed with no test run (a global setup threw) is not "0 failed"', () => {
  expect(closingLine([], [], 'failed')).toBe('0 passed, 1 failed');
  expect(closingLine([], [], 'interrupted')).toBe('0 passed, 1 failed');
});

test('a green run', () => {
  expect(closingLine([module(['passed'])], [], 'passed')).toBe('1 passed, 0 failed');
});
