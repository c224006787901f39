// Daily's fatal `error` events (daily-js 0.87, without `action`/`callClientId`): "A left-meeting event fires immediately after."

export interface DailyFatalError {
  errorMsg: string;
  /** "Present when the error type is known." */
  error?: { type: string; msg: string; details?: Record<string, unknown> };
}

/** The provider ended the call (the assistant's goodbye, the call's time limit): Daily ejects the visitor. */
export const MEETING_ENDED: DailyFatalError = { errorMsg: 'Meeting has ended', error: { type: 'ejected', msg: 'Meeting has ended' } };
/** A real failure: the connection to Daily's servers was lost (the only type with `details`). */
export const CONNECTION_LOST: DailyFatalError = {
  errorMsg: 'network unreachable',
  error: { type: 'connection-error', msg: 'network unreachable', details: { on: 'rtc-connection', sourceError: { message: 'ICE failed' } } },
};
