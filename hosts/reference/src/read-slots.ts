// Which website reads run (site-reads.ts): at most `max` at once (MAX_SITE_READS), and at most one
// per client (by the key the rate limits count, shared/src/client-address.ts), so that one client's
// forms, each naming a slow site, hold one slot and not all of them. A client's further reads wait
// for its own to end, in the order they came, without holding a slot meanwhile; a read still waiting
// at its deadline stops waiting (site-reads.ts settles it as a read that ran out of time).

export interface ReadSlots {
  /** Resolves true once this read may run (then `release` it), or false at `deadline` (ms since the epoch) if it still waits. */
  take(client: string, deadline: number): Promise<boolean>;
  release(client: string): void;
  /** Every read still waiting gets false at once (the host is closing). */
  drain(): void;
}

interface Waiting {
  client: string;
  answer: (granted: boolean) => void;
}

/** Which waiting read starts next: the first whose client has none running, when a slot is free; -1 when none may. */
export function nextRead(waiting: readonly Pick<Waiting, 'client'>[], running: ReadonlySet<string>, max: number): number {
  if (running.size >= max) return -1;
  return waiting.findIndex((read) => !running.has(read.client));
}

export function readSlots(max: number): ReadSlots {
  const running = new Set<string>();
  const waiting: Waiting[] = [];
  const startWhatMay = (): void => {
    for (let index = nextRead(waiting, running, max); index >= 0; index = nextRead(waiting, running, max)) {
      const [read] = waiting.splice(index, 1);
      running.add(read!.client);
      read!.answer(true);
    }
  };
  return {
    take(client, deadline) {
      return new Promise<boolean>((resolve) => {
        const read: Waiting = {
          client,
          answer: (granted) => {
            clearTimeout(timer);
            resolve(granted);
          },
        };
        const timer = setTimeout(() => {
          const index = waiting.indexOf(read);
          if (index >= 0) waiting.splice(index, 1);
          resolve(false);
        }, deadline - Date.now());
        timer.unref();
        waiting.push(read);
        startWhatMay();
      });
    },
    release(client) {
      running.delete(client);
      startWhatMay();
    },
    drain() {
      for (const read of waiting.splice(0)) read.answer(false);
    },
  };
}
