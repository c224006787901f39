import { EventEmitter } from 'node:events';
import { vi } from 'vitest';
import { deferred, flush } from '@franchise-ai/test-support/deferred';
import type { VapiLike } from '../../src/voice/voice-adapter.ts';
import type { VoiceClientOptions } from '../../src/voice/voice-types.ts';
import type { DailyFatalError } from './daily-errors.ts';
import { bookingToolCall } from '../support/agent-tool-calls.ts';

// @vapi-ai/web's client for node tests, as dist/vapi.js behaves: an EventEmitter (emit('error') unheard throws); stop() never cancels start(); each method's comment says which step it plays.

/** document.body and the <audio> elements the SDK appends to it. */
export const body = new Set<FakeAudio>();

class FakeAudio {
  readonly remove = vi.fn(() => void body.delete(this));
  constructor(readonly participantId: string) {}
}
const asAudio = (player: FakeAudio) => player as unknown as HTMLAudioElement;
const SDK_EVENTS = ['error', 'call-start', 'speech-start', 'speech-end', 'call-end', 'message', 'audio', 'volume-level'] as const;
/** The listeners through which the adapter reports to the widget. */
export const REPORTING_EVENTS = ['call-start', 'speech-start', 'speech-end', 'call-end'] as const;
/** Daily's call object as this client holds it. */
type CallObjectState = 'none' | 'created' | 'joined' | 'destroyed';
export const WEB_CALL = { id: 'call_1', webCallUrl: 'https://example.daily.co/room' };
/** dist/vapi.js's serializeError of a plain object (Daily's events are): a `message` first, then every field. */
const serializeError = (error: Record<string, unknown>) => ({ message: error['message'] || error['error'] || JSON.stringify(error), ...error });
/** What the SDK emits on 'error' for Daily's fatal `error` event (its call object's `error` listener). */
export const sdkDailyError = (error: DailyFatalError) => ({
  type: 'daily-error',
  error: serializeError({ action: 'error', ...error, callClientId: 'fake-call-client' }),
  timestamp: new Date().toISOString(),
});

export class FakeVapi extends EventEmitter implements VapiLike {
  /** Every client made in the current test, so a test can settle what it left in flight. */
  static readonly instances: FakeVapi[] = [];
  /** Listener counts at the moment start() was called. */
  listenersAtStart: Record<string, number> | undefined;
  callObject: CallObjectState = 'none';
  private startResult = deferred<unknown>();
  private startPending = false;
  readonly start = vi.fn((_assistantId: string, _overrides: { variableValues: Record<string, string> }): Promise<unknown> => {
    this.listenersAtStart = Object.fromEntries(SDK_EVENTS.map((event) => [event, this.listenerCount(event)]));
    this.startPending = true;
    return this.startResult.promise;
  });
  readonly stop = vi.fn(async (): Promise<void> => this.destroyCallObject());
  /** The SDK's setMuted: Daily's local audio off or on; recorded only. */
  readonly setMuted = vi.fn((_muted: boolean): void => undefined);
  constructor(readonly options: VoiceClientOptions) {
    super();
    FakeVapi.instances.push(this);
  }
  /** Joined a Daily room and not stopped: the visitor's microphone is on the line. */
  get live(): boolean {
    return this.callObject === 'joined';
  }
  // The SDK narrows EventEmitter's signature the same way (VapiEventEmitter).
  override on(event: string, listener: (...args: never[]) => void): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }
  /** What stop() and the SDK's cleanup do: destroy the call object, if there is one (there is none during the POST). */
  destroyCallObject(): void {
    if (this.callObject === 'created' || this.callObject === 'joined') this.callObject = 'destroyed';
  }
  /** POST /call/web answered: Daily's call object is created, also after a stop() (the SDK does not check). */
  async answerWebCall(): Promise<void> {
    if (this.startPending && this.callObject === 'none') this.callObject = 'created';
    await flush();
  }
  /** The join finished: start() resolves with the web call, or null when a stop() destroyed the call object meanwhile. */
  async join(): Promise<void> {
    if (!this.startPending) return;
    await this.answerWebCall();
    if (this.callObject === 'destroyed') {
      // this.call is null after the join: startRemoteParticipantsAudioLevelObserver throws (caught), then this.call.on throws.
      this.emit('error', {
        type: 'audio-observer-setup-error',
        stage: 'audio-observer-setup',
        error: { message: "Cannot read properties of null (reading 'startRemoteParticipantsAudioLevelObserver')" },
      });
      return this.failStart("Cannot read properties of null (reading 'on')");
    }
    this.callObject = 'joined';
    this.settleStart(WEB_CALL);
    await flush();
  }
  /** Joined, then the assistant says 'listening': 'call-start'. */
  async connect(): Promise<void> {
    await this.join();
    this.emit('call-start');
    await flush();
  }
  /** start()'s catch: call-start-failed, 'error' start-method-error, cleanup, then null. */
  async failStart(message = 'Failed to fetch'): Promise<void> {
    this.emit('call-start-failed', { stage: 'unknown', error: message });
    this.emit('error', { type: 'start-method-error', stage: 'unknown', error: { message, name: 'TypeError' } });
    await flush();
    this.destroyCallObject();
    this.settleStart(null);
    await flush();
  }
  /** start() throwing, as it does for missing input after emitting 'error'. */
  async rejectStart(error: unknown, emitted?: unknown): Promise<void> {
    if (emitted !== undefined) this.emit('error', emitted);
    this.startPending = false;
    this.startResult.reject(error);
    await flush();
  }
  /** The already-started path and other silent failures: null without an 'error'. */
  async resolveNull(): Promise<void> {
    this.settleStart(null);
    await flush();
  }
  /** start() resolving with `call` (an SDK other than today's may send a web call without its id), the call object joined. */
  async resolveWith(call: unknown): Promise<void> {
    this.callObject = 'joined';
    this.settleStart(call);
    await flush();
  }
  /** The SDK's handleTrackStarted: an <audio> on document.body, reported with 'audio'. */
  playAudio(participantId = 'assistant'): FakeAudio {
    const player = new FakeAudio(participantId);
    body.add(player);
    this.emit('audio', asAudio(player));
    return player;
  }
  /** The SDK's 'volume-level': the assistant's voice, 0 to 1, which it sends every 100 ms during a call. */
  sendVolume(level: number): void {
    this.emit('volume-level', level);
  }
  /** The agent calls book_meeting: the provider's `tool-calls` client message (ClientMessageToolCalls), as the SDK passes it on. */
  bookMeeting(start: string): void {
    this.emit('message', bookingToolCall(start));
  }
  /** Daily's fatal `error` (test/fakes/daily-errors.ts) as the SDK passes it on, then the left-meeting Daily sends right after. */
  async dailyFatalError(error: DailyFatalError): Promise<void> {
    this.emit('error', sdkDailyError(error));
    await this.leave();
  }
  /** The assistant or the room ended the call: Daily's left-meeting, then the SDK's cleanup. */
  async leave(): Promise<void> {
    this.emit('call-end');
    this.emit('message', { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' });
    this.destroyCallObject();
    await flush();
  }
  private settleStart(value: unknown): void {
    if (!this.startPending) return;
    this.startPending = false;
    this.startResult.resolve(value);
  }
}
