import { describe, expect, it } from 'vitest';
import { microphoneProblem } from './microphone-error.ts';

describe('microphoneProblem: what a failed getUserMedia means for the visitor', () => {
  it.each<[string, unknown, ReturnType<typeof microphoneProblem>]>([
    // Refused: by the visitor, the browser's settings or the page's permissions policy.
    ['NotAllowedError', new DOMException('Permission denied', 'NotAllowedError'), 'microphone-blocked'],
    ['NotAllowedError (dismissed prompt)', new DOMException('Permission dismissed', 'NotAllowedError'), 'microphone-blocked'],
    ['PermissionDeniedError (older Chrome)', { name: 'PermissionDeniedError', message: '' }, 'microphone-blocked'],
    ['SecurityError', new DOMException('The operation is insecure.', 'SecurityError'), 'microphone-blocked'],
    ['NotFoundError', new DOMException('Requested device not found', 'NotFoundError'), 'microphone-not-found'],
    ['DevicesNotFoundError (older Chrome)', { name: 'DevicesNotFoundError' }, 'microphone-not-found'],
    ['OverconstrainedError', { name: 'OverconstrainedError', constraint: 'deviceId' }, 'microphone-not-found'],
    // There, but it cannot be had right now.
    ['NotReadableError (in use by another app)', new DOMException('Could not start audio source', 'NotReadableError'), 'microphone-unavailable'],
    ['TrackStartError (older Chrome)', { name: 'TrackStartError' }, 'microphone-unavailable'],
    ['AbortError', new DOMException('Starting audio failed', 'AbortError'), 'microphone-unavailable'],
    ['a page without getUserMedia (http)', new Error('This page cannot use a microphone (it needs https).'), 'microphone-unavailable'],
    ['a TypeError', new TypeError('x is not a function'), 'microphone-unavailable'],
    ['a name in another case', { name: 'notallowederror' }, 'microphone-unavailable'],
    ['a non-string name', { name: 42 }, 'microphone-unavailable'],
    ['a string', 'NotAllowedError', 'microphone-unavailable'],
    ['null', null, 'microphone-unavailable'],
    ['undefined', undefined, 'microphone-unavailable'],
  ])('%s -> %s', (_label, error, problem) => {
    expect(microphoneProblem(error)).toBe(problem);
  });
});
