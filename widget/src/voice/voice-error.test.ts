import { describe, expect, it } from 'vitest';
import { CONNECTION_LOST, MEETING_ENDED } from '../../test/fakes/daily-errors.ts';
import { sdkDailyError } from '../../test/fakes/fake-vapi.ts';
import { describeVoiceError, isEndedByProvider, isFatalVoiceError } from './voice-error.ts';

const UNKNOWN = 'Unknown voice error.';
const sdk = (type: string, error: object, more: object = {}) => ({ type, error, ...more });
const EJECTED = { type: 'ejected', msg: 'Ejected' };
const START_META = { stage: 'unknown', timestamp: '2024-12-01' };
const NOT_PLAYED = 'play() failed because the user did not interact.';
const circular = (object: Record<string, unknown>, key: string) => Object.assign(object, { [key]: object });

describe('describeVoiceError', () => {
  it.each<[string, unknown, string]>([
    ['a string', 'Meeting has ended', 'Meeting has ended'],
    ['a string with spaces around', '  boom \n', 'boom'],
    ['an empty string', '', UNKNOWN],
    ['a blank string', '   ', UNKNOWN],
    ['an Error', new Error('Failed to fetch'), 'Failed to fetch'],
    ['a TypeError', new TypeError('x is not a function'), 'x is not a function'],
    ['a DOMException', new DOMException('Permission denied', 'NotAllowedError'), 'Permission denied'],
    ['{ message }', { message: 'plain message' }, 'plain message'],
    ['{ errorMsg } (Daily)', { errorMsg: 'Meeting has ended' }, 'Meeting has ended'],
    ['{ msg }', { msg: 'short' }, 'short'],
    ['{ error: string }', { error: 'x' }, 'x'],
    ['{ error: Error }', { error: new Error('inner error') }, 'inner error'],
    ['{ error: { message } }', { error: { message: 'nested message' } }, 'nested message'],
    ['{ error: { error: string } }', { error: { error: 'x' } }, 'x'],
    ['{ error: { errorMsg } }', { error: { errorMsg: 'daily nested' } }, 'daily nested'],
    ['{ error: { error: { msg } } }', { error: { error: { msg: 'three deep' } } }, 'three deep'],
    // Precedence and skipping of empty fields.
    ['message before errorMsg', { message: 'first', errorMsg: 'second' }, 'first'],
    ['errorMsg before error', { errorMsg: 'first', error: 'second' }, 'first'],
    ['an empty message is skipped', { message: '', errorMsg: 'fallback' }, 'fallback'],
    ['a null message is skipped', { message: null, error: { message: 'fallback' } }, 'fallback'],
    ['a blank message is skipped', { message: '  ', msg: 'fallback' }, 'fallback'],
    // The type when nothing readable is there.
    ['only a type', { type: 'daily-error' }, 'daily-error'],
    ['a type and an unreadable error', { type: 'daily-error', error: {} }, '{}'],
    ['null', null, UNKNOWN],
    ['undefined', undefined, UNKNOWN],
    ['a number', 42, UNKNOWN],
    ['a boolean', true, UNKNOWN],
    ['a symbol', Symbol('x'), UNKNOWN],
    ['an object JSON cannot serialise (a BigInt)', { count: 10n }, UNKNOWN],
    ['an object with nothing readable: its JSON', { code: 42 }, '{"code":42}'],
    // What the SDK really emits on 'error': { type, stage, error: serializeError(e), timestamp }.
    [
      'SDK start-method-error',
      sdk('start-method-error', { message: 'Failed to fetch', name: 'TypeError', stack: 'TypeError: …' }, START_META),
      'Failed to fetch',
    ],
    ['SDK validation-error', sdk('validation-error', { message: 'Assistant must be provided.' }, { stage: 'input-validation' }), 'Assistant must be provided.'],
    ['SDK daily-call-join-error', sdk('daily-call-join-error', { message: 'join failed', errorMsg: 'room not found' }), 'join failed'],
    // serializeError of a Daily error object without `message`: message becomes its `error` object.
    ['SDK daily-error, Daily payload', sdk('daily-error', { message: EJECTED, action: 'error', errorMsg: 'Meeting has ended', error: EJECTED }), 'Ejected'],
    ['SDK audio-start-failed', sdk('audio-start-failed', { message: NOT_PLAYED }), NOT_PLAYED],
    // Nothing readable: its JSON, at most 200 characters and a few levels deep; none of a circular object.
    ['JSON at most 200 characters long', { details: 'x'.repeat(1_000) }, `{"details":"${'x'.repeat(188)}`],
    ['too deep: the rest as JSON', { error: { error: { error: { error: { error: { error: 'too deep' } } } } } }, '{"error":{"error":{"error":"too deep"}}}'],
    ['a circular object', circular({}, 'self'), UNKNOWN],
    ['a circular object with a type', circular({ type: 'daily-error' }, 'self'), 'daily-error'],
    ['an error that is its own error', circular({}, 'error'), UNKNOWN],
  ])('%s', (_label, error, expected) => {
    expect(describeVoiceError(error)).toBe(expected);
  });
});

describe('isFatalVoiceError', () => {
  it.each<[string, boolean, unknown]>([
    // Spec section 8: video recording, the audio observer and noise cancellation are non-fatal.
    ['video-recording-setup-error', false, { type: 'video-recording-setup-error', error: { message: 'x' } }],
    ['audio-observer-setup-error', false, { type: 'audio-observer-setup-error', error: { message: 'x' } }],
    ['audio-processing-setup-error', false, { type: 'audio-processing-setup-error', error: { message: 'KrispInitError: Canceled' } }],
    ['audio-processor-error', false, { type: 'audio-processor-error' }],
    ['local-audio-level-observer-error', false, { type: 'local-audio-level-observer-error' }],
    ['recording-error', false, { type: 'recording-error' }],
    // The SDK emits this on 'error' when switching the noise processor off fails
    // (vapi.js emitAudioProcessingError('audio-processor-recovery', …)); "Audio processing is
    // non-critical, so the call continues."
    ['audio-processor-recovery-error', false, { type: 'audio-processor-recovery-error', stage: 'audio-processor-recovery', error: { message: 'x' } }],
    // Everything else ends the call, audio-start-failed too: the SDK attaches no player and cannot retry (voice-error.ts).
    ['audio-start-failed', true, { type: 'audio-start-failed', error: { message: 'play() failed', name: 'NotAllowedError' } }],
    ['start-method-error', true, { type: 'start-method-error' }],
    ['validation-error', true, { type: 'validation-error' }],
    ['daily-call-object-creation-error', true, { type: 'daily-call-object-creation-error' }],
    ['daily-call-join-error', true, { type: 'daily-call-join-error' }],
    ['daily-error', true, { type: 'daily-error' }],
    ['an unknown type', true, { type: 'something-new' }],
    ['a type in another case', true, { type: 'VIDEO-RECORDING-SETUP-ERROR' }],
    ['a non-string type', true, { type: 42 }],
    ['no type', true, { message: 'x' }],
    ['a string', true, 'video-recording-setup-error'],
    ['an Error', true, new Error('video-recording-setup-error')],
    ['null', true, null],
    ['undefined', true, undefined],
  ])('%s -> fatal: %s', (_label, fatal, error) => {
    expect(isFatalVoiceError(error)).toBe(fatal);
  });
});

describe('isEndedByProvider', () => {
  it.each<[string, boolean, unknown]>([
    // The SDK 2.7.1's 'error' for Daily's `error` event: { type: 'daily-error', error: serializeError(event) }.
    ["Daily's 'ejected' (Meeting has ended), as the SDK passes it on", true, sdkDailyError(MEETING_ENDED)],
    ['ejected by an owner, in other words', true, sdkDailyError({ errorMsg: 'You were removed', error: { type: 'ejected', msg: 'You were removed' } })],
    ["Daily's other fatal errors", false, sdkDailyError(CONNECTION_LOST)],
    ['a room that expired', false, sdkDailyError({ errorMsg: 'Meeting has ended', error: { type: 'exp-room', msg: 'Meeting has ended' } })],
    ['a Daily error without its type', false, sdkDailyError({ errorMsg: 'Meeting has ended' })],
    // Only through the SDK's 'daily-error': the words alone, or another stage's error, are not the provider's end.
    ["Daily's event itself", false, { action: 'error', ...MEETING_ENDED }],
    ['another SDK error with the same inside', false, { ...sdkDailyError(MEETING_ENDED), type: 'start-method-error' }],
    ["'ejected' as the SDK's type", false, { type: 'ejected' }],
    ['the words only', false, { type: 'daily-error', error: { message: 'Meeting has ended', errorMsg: 'Meeting has ended' } }],
    ['a string', false, 'Meeting has ended'],
    ['null', false, null],
    ['undefined', false, undefined],
  ])('%s -> %s', (_label, ended, error) => {
    expect(isEndedByProvider(error)).toBe(ended);
  });
});
