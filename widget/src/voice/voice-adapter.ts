import type { Transcript } from '../flow/captions.ts';
import type { StartVoiceCall, StartVoiceCallOptions, VoiceCall, VoiceClientOptions, VoiceEvent } from './voice-types.ts';
import { isBookingMessage } from './booking-message.ts';
import { guardDailyMessages } from './daily-message-guard.ts';
import { microphoneProblem } from './microphone-error.ts';
import { describeVoiceError, isEndedByProvider, isFatalVoiceError } from './voice-error.ts';

/** The part of the SDK's client we use; a fake emitter stands in for it in tests. */
export interface VapiLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
  start(assistantId: string, overrides: { variableValues: Record<string, string> }): Promise<unknown>;
  stop(): Promise<unknown> | unknown;
  setMuted(muted: boolean): void;
}
export type CreateVapi = (options: VoiceClientOptions) => VapiLike;
export type MicrophoneCheck = () => Promise<void>;
/** Runs the callback before the next paint (requestAnimationFrame); replaced in node tests. */
export type RequestFrame = (callback: () => void) => void;
const nextFrame: RequestFrame = (callback) => void requestAnimationFrame(callback);

export const DEFAULT_START_TIMEOUT_MS = 30_000;
/** How long a new call waits at most for an earlier client whose start() is still in flight (see RELEASING). */
export const RELEASE_WAIT_MS = 10_000;

// Page-wide, for every widget and copy of this script: ACTIVE, the page's one call; RELEASING,
// clients whose start() is in flight. That start() cannot be cancelled and still creates Daily's call
// object, and Daily allows one per page ("Duplicate DailyIframe instances"), so a new client waits.
const ACTIVE = Symbol.for('franchise-ai-demo.active-voice-call');
const RELEASING = Symbol.for('franchise-ai-demo.releasing-voice-clients');
type Registry = { [ACTIVE]?: VoiceCall; [RELEASING]?: Set<Promise<void>> };
const registry = globalThis as Registry;
const releasing = (): Set<Promise<void>> => (registry[RELEASING] ??= new Set());

const ignore = () => undefined;

/** The SDK's transcript `message` as a caption's (its type may also read `transcript[transcriptType='final']`), else null. */
export function transcriptOf(message: unknown): Transcript | null {
  if (typeof message !== 'object' || message === null) return null;
  const { type, role, transcriptType, transcript } = message as Record<string, unknown>;
  if (typeof type !== 'string' || !type.startsWith('transcript') || typeof transcript !== 'string') return null;
  if (role !== 'assistant' && role !== 'user') return null;
  if (transcriptType !== 'partial' && transcriptType !== 'final') return null;
  return { speaker: role, text: transcript, final: transcriptType === 'final' };
}

/** Asks for the microphone up front, so what keeps it from the call is told apart from every other failure. */
export const checkMicrophone: MicrophoneCheck = async () => {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This page cannot use a microphone (it needs https).');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
};

export function createStartVoiceCall(
  createVapi: CreateVapi,
  microphone: MicrophoneCheck = checkMicrophone,
  requestFrame: RequestFrame = nextFrame,
): StartVoiceCall {
  return (options) => {
    // The slot is taken before anything waits, so two starts in one tick cannot both run.
    const previous = registry[ACTIVE];
    const session = new VoiceSession(options, createVapi, microphone, requestFrame);
    registry[ACTIVE] = session;
    void session.begin(previous ? Promise.resolve(previous.stop()).catch(ignore) : Promise.resolve());
    return session;
  };
}

/** Resolves once no earlier client's start() is in flight, or after `maxWaitMs` (a start that hangs is not waited for). */
async function earlierClientsReleased(maxWaitMs: number): Promise<void> {
  const pending = [...releasing()];
  if (pending.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(pending), new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
  clearTimeout(timer);
}

class VoiceSession implements VoiceCall {
  private vapi: VapiLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly players = new Set<HTMLAudioElement>();
  private connected = false;
  /** Ended, failed or stopped: nothing more is reported. */
  private settled = false;
  private level: number | undefined;
  private markFinished!: () => void;
  private readonly finished = new Promise<void>((resolve) => (this.markFinished = resolve));

  constructor(
    private readonly options: StartVoiceCallOptions,
    private readonly createVapi: CreateVapi,
    private readonly microphone: MicrophoneCheck,
    private readonly requestFrame: RequestFrame,
  ) {}

  async begin(previousStopped: Promise<unknown>): Promise<void> {
    await previousStopped;
    if (this.settled) return; // stopped while the call before it was stopping: no prompt, no client
    try {
      await this.microphone();
    } catch (error) {
      return this.finish({ type: 'call-failed', reason: microphoneProblem(error), message: describeVoiceError(error) });
    }
    if (this.settled) return; // stopped while the permission prompt was open

    const timeoutMs = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    this.timer = setTimeout(() => {
      this.finish({ type: 'call-failed', reason: 'error', message: `The call did not start within ${timeoutMs / 1000} s.` });
    }, timeoutMs);

    await earlierClientsReleased(RELEASE_WAIT_MS);
    if (this.settled) return;

    const { publicKey, apiBase, avoidEval, assistantId, variableValues, onEvent } = this.options;
    // Held until this session finished and a start() still in flight settled.
    const unguard = guardDailyMessages();
    let vapi: VapiLike;
    try {
      vapi = this.vapi = this.createVapi({ publicKey, apiBase, avoidEval });
    } catch (error) {
      unguard();
      return this.finish({ type: 'call-failed', reason: 'error', message: describeVoiceError(error) });
    }
    // Always listen for 'error': without a listener a failed start() rejects and leaves the client stuck.
    vapi.on('error', (error: unknown) => {
      if (this.connected && isEndedByProvider(error)) {
        // Daily's way of saying the provider hung up: the call is over as it should be (its call-end follows).
        console.debug('[franchise-ai-demo] voice: the provider ended the call.');
        return void this.finish({ type: 'call-ended' });
      }
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
    vapi.on('message', (message: unknown) => {
      if (this.settled) return;
      const transcript = transcriptOf(message);
      if (transcript) onEvent({ type: 'transcript', ...transcript });
      else if (isBookingMessage(message)) onEvent({ type: 'booking-asked' });
    });
    vapi.on('audio', (player: HTMLAudioElement) => this.players.add(player));
    if (this.options.onVolume) vapi.on('volume-level', (level: number) => this.volume(level));

    // From here the SDK's POST /call/web may make the call at the provider, whatever becomes of this start.
    onEvent({ type: 'assistant-used' });
    const released: Promise<void> = this.awaitStart(vapi, vapi.start(assistantId, { variableValues })).finally(() => releasing().delete(released));
    releasing().add(released);
    void Promise.all([released, this.finished]).then(unguard);
    await released;
  }

  /** Settles with start()'s outcome; a call that went live after this session settled is stopped again. */
  private async awaitStart(vapi: VapiLike, starting: Promise<unknown>): Promise<void> {
    let call: unknown;
    try {
      call = await starting;
    } catch (error) {
      return this.finish({ type: 'call-failed', reason: 'error', message: describeVoiceError(error) });
    }
    if (this.settled) {
      // The SDK ignores a stop between its awaits, so a stop during the POST left this call joined.
      if (call !== null) await stopClient(vapi);
      return;
    }
    if (call === null && !this.connected) return this.finish({ type: 'call-failed', reason: 'error', message: 'The call could not be started.' });
    // The call's id, for the host: once, the SDK's start() resolving only once.
    const id = typeof call === 'object' && call !== null ? (call as { id?: unknown }).id : undefined;
    if (typeof id === 'string' && id) this.options.onEvent({ type: 'call-id', id });
  }

  async stop(): Promise<void> {
    await this.finish({ type: 'call-ended' });
  }

  setMuted(muted: boolean): boolean {
    if (!this.connected || this.settled || !this.vapi) return false;
    try {
      this.vapi.setMuted(muted);
      return true;
    } catch (error) {
      console.warn('[franchise-ai-demo] voice: mute failed:', describeVoiceError(error));
      return false;
    }
  }

  /** Keeps the latest level and hands it on at the next frame: one paint, one level, however often the SDK sends. */
  private volume(level: number): void {
    if (this.settled) return;
    const pending = this.level !== undefined;
    this.level = level;
    if (pending) return;
    this.requestFrame(() => {
      const latest = this.level!;
      this.level = undefined;
      if (!this.settled) this.options.onVolume?.(latest);
    });
  }

  private async finish(event: VoiceEvent): Promise<void> {
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
      vapi.on('error', ignore);
      // A start() still in flight may yet attach an <audio>: it belongs to a call that has ended.
      vapi.on('audio', (player: HTMLAudioElement) => player.remove());
      await stopClient(vapi); // also after a failed start, or the client stays "started"
    }
    // The SDK appends its <audio> to document.body and leaves it there.
    for (const player of this.players) player.remove();
    this.players.clear();
    this.markFinished();
  }
}

async function stopClient(vapi: VapiLike): Promise<void> {
  try {
    await vapi.stop();
  } catch (error) {
    console.warn('[franchise-ai-demo] voice: stop failed:', describeVoiceError(error));
  }
}
