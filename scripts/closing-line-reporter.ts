import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * CI reads one plain closing line, `N passed, N failed`, not Vitest's summary.
 * A file that fails to load, or an error thrown outside any test, counts as a
 * failure too, so a broken suite can never print "0 failed"; so does a run that
 * Vitest itself ends as failed with nothing else counted (a global setup that
 * threw, e.g. a browser project whose build is missing, so that no test ran).
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      let tests = 0;
      for (const test of testModule.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that did not load has no tests; a failing hook leaves module errors.
      if (testModule.state() === 'failed' && (tests === 0 || testModule.errors().length > 0)) failed++;
    }
    if (reason !== 'passed' && failed === 0) failed = 1;
    // The last line is exactly what CI parses; anything else goes above it.
    if (skipped) process.stdout.write(`\n${skipped} skipped\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
