// Pure helpers for the SDK's error events: their fields may be strings, Errors or nested objects.

/** Error types the spec calls non-fatal: the call goes on without that feature (spec section 8). */
const NON_FATAL = new Set([
  'video-recording-setup-error',
  'audio-observer-setup-error',
  'audio-processing-setup-error',
  'audio-processor-error',
  'audio-processor-recovery-error',
  'local-audio-level-observer-error',
  'recording-error',
]);

// Left out on purpose: 'audio-start-failed' (the assistant's <audio> would not play). The SDK calls it
// recoverable (its README: "show a 'tap to enable audio' affordance"), but dist/vapi.js
// handleTrackStarted has by then removed the element (buildAudioPlayer), attached no player, skipped
// the 'playable' message to the assistant, and there is no method to build the player again. Going on
// would keep the visitor's microphone on the line in a call they cannot hear, the status still saying
// 'Assistant speaking...' (that comes from Daily's audio levels). So it ends the call: 'Start Call'
// again is the fresh gesture the README asks for.

export function isFatalVoiceError(error: unknown): boolean {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  return !(typeof type === 'string' && NON_FATAL.has(type));
}

const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined);

/**
 * Whether the SDK's `error` is Daily saying the meeting has ended because the provider ended it (the
 * assistant's goodbye, the call's time limit). Daily reports that as a fatal `error` of type
 * `ejected` ("Meeting has ended"), its `left-meeting` right after; the SDK (dist/vapi.js) passes it
 * on as `{ type: 'daily-error', error: serializeError(dailyEvent) }`, which keeps Daily's own
 * `error: { type, msg }`. On a connected call that is the call's end, not a failure (the adapter
 * decides: before the call connected, it is a start that failed).
 */
export function isEndedByProvider(error: unknown): boolean {
  return field(error, 'type') === 'daily-error' && field(field(field(error, 'error'), 'error'), 'type') === 'ejected';
}

/** A readable one-line message from whatever the SDK emitted. */
export function describeVoiceError(error: unknown, depth = 0): string {
  if (typeof error === 'string' && error.trim()) return error.trim();
  if (error instanceof Error && (error.message || error.name !== 'Error')) return error.message || error.name;
  if (typeof error !== 'object' || error === null || depth > 3) return 'Unknown voice error.';
  const record = error as Record<string, unknown>;
  for (const key of ['message', 'errorMsg', 'msg', 'error']) {
    const value = record[key];
    if (value !== undefined && value !== null && value !== '') {
      const inner = describeVoiceError(value, depth + 1);
      if (inner !== 'Unknown voice error.') return inner;
    }
  }
  if (typeof record['type'] === 'string') return record['type'];
  try {
    return JSON.stringify(error).slice(0, 200);
  } catch {
    return 'Unknown voice error.';
  }
}
