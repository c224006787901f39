// A page clock for puppeteer (Playwright's page.clock has none): only setTimeout/clearTimeout, the loading schedule's; fastForward(ms) runs due timers in order.

/** What the page gets as `window.__clock`. */
export interface PageClock {
  fastForward(ms: number): void;
}
interface ClockGlobal {
  setTimeout: (handler: TimerHandler, delay?: number, ...args: unknown[]) => number;
  clearTimeout: (id?: number) => void;
  performance: { now(): number };
  reportError?: (error: unknown) => void;
  __clock?: PageClock;
}
/** Installs the clock on the page's window; self-contained, as evaluateOnNewDocument sends only its source. */
export function installPageClock(scope: ClockGlobal = globalThis as unknown as ClockGlobal): void {
  const native = { setTimeout: scope.setTimeout.bind(scope), clearTimeout: scope.clearTimeout.bind(scope) };
  let skipped = 0;
  const now = () => scope.performance.now() + skipped;
  // By the id the page was given (the first native id, never another native timer's): what to run, and the native timer armed for it.
  const timers = new Map<number, { due: number; order: number; run: () => void; handle: number }>();
  let order = 0;
  const fire = (id: number) => {
    const timer = timers.get(id);
    if (!timer) return;
    timers.delete(id);
    timer.run();
  };
  scope.setTimeout = (handler, delay = 0, ...args) => {
    // A string handler would be eval'd: leave it (and anything odd) to the browser.
    if (typeof handler !== 'function') return native.setTimeout(handler, delay, ...args);
    const wait = Math.max(0, Number(delay) || 0);
    const id = native.setTimeout(() => fire(id), wait);
    timers.set(id, { due: now() + wait, order: order++, run: () => handler(...args), handle: id });
    return id;
  };
  scope.clearTimeout = (id) => {
    const timer = id === undefined ? undefined : timers.get(id);
    if (!timer) return native.clearTimeout(id);
    native.clearTimeout(timer.handle);
    timers.delete(id!);
  };
  scope.__clock = {
    fastForward(ms) {
      skipped += ms;
      const at = now();
      const entries = [...timers.entries()];
      for (const [, timer] of entries) native.clearTimeout(timer.handle);
      const due = entries.filter(([, timer]) => timer.due <= at).sort(([, a], [, b]) => a.due - b.due || a.order - b.order);
      for (const [id, timer] of entries) {
        if (timer.due > at) timer.handle = native.setTimeout(() => fire(id), timer.due - at);
      }
      for (const [id] of due) {
        // One timer's error must not stop the others, and reaches the page as any timer's would.
        try {
          fire(id);
        } catch (error) {
          if (scope.reportError) scope.reportError(error);
          else
            native.setTimeout(() => {
              throw error;
            }, 0);
        }
      }
    },
  };
}
