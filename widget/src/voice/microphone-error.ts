import type { MicrophoneProblem } from '../after-form/reducer.ts';

// What a failed getUserMedia means for the visitor. Each problem has its own notice (copy.ts), and
// each offers 'Call Me' instead: only a refusal is fixed by allowing the microphone.

// DOMException names, with the older Chrome and Firefox ones.
const BLOCKED = new Set(['NotAllowedError', 'PermissionDeniedError', 'SecurityError']);
const NOT_FOUND = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']);

export function microphoneProblem(error: unknown): MicrophoneProblem {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && BLOCKED.has(name)) return 'microphone-blocked';
  if (typeof name === 'string' && NOT_FOUND.has(name)) return 'microphone-not-found';
  // NotReadableError / TrackStartError (in use by another app, or a hardware or OS error), AbortError,
  // a page without getUserMedia (http), anything unknown: the device cannot be had right now.
  return 'microphone-unavailable';
}
