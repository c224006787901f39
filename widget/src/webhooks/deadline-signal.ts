export type StopReason = 'aborted' | 'timeout';

export interface DeadlineSignal {
  /** Aborts when the caller's signal aborts or when the ceiling passes, whichever comes first. */
  readonly signal: AbortSignal;
  stoppedBy(): StopReason | undefined;
  /** Stops the clock and unhooks from the caller's signal; call it once the call is over. */
  dispose(): void;
}

/**
 * The caller's signal and a timeout as one, without `AbortSignal.any` (Chrome 116+, Safari 17.4+). The
 * first to fire is the reason, so a late abort never turns a timeout into `aborted`.
 */
export function deadlineSignal(caller: AbortSignal | undefined, timeoutMs: number): DeadlineSignal {
  const controller = new AbortController();
  let reason: StopReason | undefined;
  const stop = (why: StopReason, cause: unknown): void => {
    if (reason) return;
    reason = why;
    dispose();
    controller.abort(cause);
  };
  const onCallerAbort = (): void => stop('aborted', caller?.reason);
  const timer = setTimeout(() => stop('timeout', new DOMException('The call took too long.', 'TimeoutError')), timeoutMs);
  function dispose(): void {
    clearTimeout(timer);
    // A long-lived caller signal (one per widget) must not collect a listener per call.
    caller?.removeEventListener('abort', onCallerAbort);
  }
  if (caller?.aborted) stop('aborted', caller.reason);
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  return { signal: controller.signal, stoppedBy: () => reason, dispose };
}
