import type { StartVoiceCall, StartVoiceCallOptions, VoiceCall, VoiceClientOptions } from './voice-types.ts';
import { describeVoiceError, isFatalVoiceError } from './voice-error.ts';

/** The part of the SDK's client we use; a fake emitter stands in for it in tests. */
export interface VapiLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
  start(assistantId: string, overrides: { variableValues: Record<string, string> }): Promise<unknown>;
  stop(): Promise<unknown> | unknown;
}
export type CreateVapi = (options: VoiceClientOptions) => VapiLike;
export type MicrophoneCheck = () => Promise<void>;

export const DEFAULT_START_TIMEOUT_MS = 30_000;

// One call per page, even with several widgets (or several copies of this
// script): a new start ends the call in progress first.
const ACTIVE = Symbol.for('franchise-ai-demo.active-voice-call');
type Registry = { [ACTIVE]?: VoiceCall };
const registry = globalThis as Registry;

/** Asks for the microphone up front, so a refusal is told apart from every other failure. */
export const checkMicrophone: MicrophoneCheck = async () => {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This page cannot use a microphone (it needs https).');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
};

export function createStartVoiceCall(createVapi: CreateVapi, microphone: MicrophoneCheck = checkMicrophone): StartVoiceCall {
  return async (options) => {
    // Take the slot before waiting, so two starts in the same tick cannot both run.
    const previous = registry[ACTIVE];
    const session = new VoiceSession(options, createVapi, microphone);
    registry[ACTIVE] = session;
    await previous?.stop();
    void session.begin();
    return session;
  };
}

class VoiceSession implements VoiceCall {
  private vapi: VapiLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly players = new Set<HTMLAudioElement>();
  private connected = false;
  /** Ended, failed or stopped: nothing more is reported. */
  private settled = false;

  constructor(
    private readonly options: StartVoiceCallOptions,
    private readonly createVapi: CreateVapi,
    private readonly microphone: MicrophoneCheck,
  ) {}

  async begin(): Promise<void> {
    try {
      await this.microphone();
    } catch (error) {
      return this.finish({ type: 'call-failed', reason: 'microphone-blocked', message: describeVoiceError(error) });
    }
    if (this.settled) return; // stopped while the permission prompt was open

    const { publicKey, apiBase, avoidEval, assistantId, variableValues, onEvent } = this.options;
    let vapi: VapiLike;
    try {
      vapi = this.vapi = this.createVapi({ publicKey, apiBase, avoidEval });
    } catch (error) {
      return this.finish({ type: 'call-failed', reason: 'error', message: describeVoiceError(error) });
    }
    // Always listen for 'error': without a listener a failed start() rejects and leaves the client stuck.
    vapi.on('error', (error: unknown) => {
      if (isFatalVoiceError(error)) this.finish({ type: 'call-failed', reason: 'error', message: describeVoiceError(error) });
      else console.warn('[franchise-ai-demo] voice:', describeVoiceError(error));
    });
    vapi.on('call-start', () => {
      if (this.settled || this.connected) return;
      this.connected = true;
      clearTimeout(this.timer);
      onEvent({ type: 'call-started' });
    });
    vapi.on('speech-start', () => !this.settled && onEvent({ type: 'speech-started' }));
    vapi.on('speech-end', () => !this.settled && onEvent({ type: 'speech-ended' }));
    vapi.on('call-end', () => this.finish({ type: 'call-ended' }));
    vapi.on('audio', (player: HTMLAudioElement) => this.players.add(player));

    const timeoutMs = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    this.timer = setTimeout(() => {
      this.finish({ type: 'call-failed', reason: 'error', message: `The call did not start within ${timeoutMs / 1000} s.` });
    }, timeoutMs);

    try {
      const call = await vapi.start(assistantId, { variableValues });
      if (call === null && !this.connected) this.finish({ type: 'call-failed', reason: 'error', message: 'The call could not be started.' });
    } catch (error) {
      this.finish({ type: 'call-failed', reason: 'error', message: describeVoiceError(error) });
    }
  }

  async stop(): Promise<void> {
    await this.finish({ type: 'call-ended' });
  }

  /** Reports the outcome once, then releases everything the call held. */
  private async finish(event: Parameters<StartVoiceCallOptions['onEvent']>[0]): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (registry[ACTIVE] === this) delete registry[ACTIVE];
    const vapi = this.vapi;
    this.vapi = undefined;
    this.options.onEvent(event);
    if (vapi) {
      vapi.removeAllListeners();
      // Errors may still come while the call object is torn down; an emitter without listener would throw them.
      vapi.on('error', () => undefined);
      try {
        await vapi.stop(); // also after a failed start, or the client stays "started"
      } catch (error) {
        console.warn('[franchise-ai-demo] voice: stop failed:', describeVoiceError(error));
      }
    }
    // The SDK appends its <audio> to document.body and leaves it there.
    for (const player of this.players) player.remove();
    this.players.clear();
  }
}
