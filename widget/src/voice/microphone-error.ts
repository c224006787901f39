import type { MicrophoneProblem } from '../flow/reducer.ts';

// What a failed getUserMedia means for the visitor; each notice offers 'Call Me' instead.

// DOMException names, with the older Chrome and Firefox ones.
const BLOCKED = new Set(['NotAllowedError', 'PermissionDeniedError', 'SecurityError']);
const NOT_FOUND = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']);

export function microphoneProblem(error: unknown): MicrophoneProblem {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && BLOCKED.has(name)) return 'microphone-blocked';
  if (typeof name === 'string' && NOT_FOUND.has(name)) return 'microphone-not-found';
  // In use by another app, a hardware error, a page without getUserMedia, anything unknown.
  return 'microphone-unavailable';
}
