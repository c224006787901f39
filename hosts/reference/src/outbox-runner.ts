// The loop under each outbox table (the follow-up mails, the lead.qualified events): it delivers
// what is due, one at a time, oldest first, and sleeps until the next one is due. Each outbox's
// `deliver` sends one item and writes what became of it (sent, or failed with its next attempt after
// the shared backoff); the loop only decides when to run. Wakes when items are enqueued, and on a
// timer for the next due one; a database error pauses it `firstRetryMs` rather than letting it spin.

export interface Outbox {
  /** There may be new items: deliver what is due. */
  wake(): void;
  /** Stops the timer and waits for a delivery under way; what is left stays in the table for the next start. */
  close(): Promise<void>;
}

export interface OutboxWork<Item> {
  /** The log's name for it: "mail outbox". */
  name: string;
  /** The oldest item due now, if any. */
  nextDue(): Item | undefined;
  /** When the next undelivered item is due (ISO 8601), or undefined when none waits. */
  nextDueAt(): string | undefined;
  /** Sends one item and records the outcome; throws only when the outcome cannot be recorded. */
  deliver(item: Item): Promise<void>;
}

export function startOutbox<Item>(work: OutboxWork<Item>, firstRetryMs: number, log: (line: string) => void): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** The last run stopped on a database error: wait before the next, rather than spin. */
  let stalled = false;

  async function deliverDue(): Promise<void> {
    for (let item = work.nextDue(); item !== undefined && !closed; item = work.nextDue()) await work.deliver(item);
  }

  /** Runs deliverDue, once at a time (a wake meanwhile runs it again after), then sets the timer for the next due item. */
  function run(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    stalled = false;
    running = deliverDue()
      .catch((error: Error) => {
        stalled = true;
        log(`${work.name} error (retried in ${firstRetryMs} ms): ${error.message}`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          return run();
        }
        schedule();
      });
  }

  function schedule(): void {
    if (closed) return;
    let dueAt: string | undefined;
    try {
      dueAt = work.nextDueAt();
    } catch (error) {
      log(`${work.name} error (retried in ${firstRetryMs} ms): ${(error as Error).message}`);
      dueAt = new Date().toISOString();
      stalled = true;
    }
    if (dueAt === undefined) return;
    const wait = Math.max(Date.parse(dueAt) - Date.now(), stalled ? firstRetryMs : 0);
    // setTimeout takes at most 2^31-1 ms; the longest backoff is an hour.
    timer = setTimeout(run, Math.min(wait, 2 ** 31 - 1));
    // The outbox never keeps the process alive by itself: what it holds is delivered at the next start.
    timer.unref();
  }

  // What a previous run left undelivered goes out now.
  run();
  return {
    wake: run,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
