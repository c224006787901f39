// When a website read makes no progress (site-reads.ts): STALL_MS pass in which no response ended
// and fewer than PROGRESS_BYTES arrived. A site that answers a byte a second, or never answers,
// gives its slot up after STALL_MS instead of holding it to the 25 s deadline, so four such sites
// cannot hold every slot from an honest visitor's read. Long enough for a slow server to start its
// answer (a cheap host's page can take a few seconds to come); a real page then arrives in tens of
// KB a second.
export const STALL_MS = 5_000;
export const PROGRESS_BYTES = 16 * 1024;

export interface ProgressWatch {
  /** Bytes of a body arrived. */
  received(bytes: number): void;
  /** A response ended (or the reader's own work did): the window starts again. */
  progressed(): void;
  stop(): void;
}

/** Calls `stalled` once, the first time STALL_MS pass without progress, unless stopped before. */
export function watchProgress(stalled: () => void, stallMs = STALL_MS, progressBytes = PROGRESS_BYTES): ProgressWatch {
  let bytes = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const restart = (): void => {
    clearTimeout(timer);
    if (stopped) return;
    bytes = 0;
    timer = setTimeout(() => {
      stopped = true;
      stalled();
    }, stallMs);
    timer.unref();
  };
  restart();
  return {
    received(count) {
      bytes += count;
      if (bytes >= progressBytes) restart();
    },
    progressed: restart,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
