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

// Not 'audio-start-failed': the SDK calls it recoverable, but by then dist/vapi.js has removed the
// player and cannot build it again, so going on keeps the microphone live in a call nobody hears.
// Ending the call makes 'Start Call' the fresh gesture the SDK's README asks for.

export function isFatalVoiceError(error: unknown): boolean {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  return !(typeof type === 'string' && NON_FATAL.has(type));
}

const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined);

/**
 * Daily's fatal `ejected` error, passed on by the SDK as `{ type: 'daily-error', error: { error: { type } } }`:
 * the provider ended the meeting (the goodbye, the time limit). On a connected call, its end, not a failure.
 */
export function isEndedByProvider(error: unknown): boolean {
  return field(error, 'type') === 'daily-error' && field(field(field(error, 'error'), 'error'), 'type') === 'ejected';
}

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
