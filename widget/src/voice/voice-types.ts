// The voice call as the widget sees it: no SDK types leak past this line.

import type { MicrophoneProblem } from '../after-form/reducer.ts';
import type { Transcript } from '../after-form/flow/captions.ts';

/** What the adapter reports; each maps onto one reducer action. */
export type VoiceEvent =
  | { type: 'call-started' }
  | { type: 'speech-started' }
  | { type: 'speech-ended' }
  | { type: 'call-ended' }
  /** What was said, as the SDK's `message` of type `transcript` has it: for the captions. */
  | ({ type: 'transcript' } & Transcript)
  | { type: 'call-failed'; reason: 'error' | MicrophoneProblem; message: string }
  /**
   * The SDK's start() was given the assistant: its POST /call/web may make the call at the provider,
   * whatever becomes of the start, and the host deletes a per-visitor assistant once that call ends
   * (so the widget asks for a fresh one before the next call). Once per call, before anything the SDK reports; not after the call settled.
   */
  | { type: 'assistant-used' }
  /**
   * The provider's id for this call, from the call object the SDK's start() resolved with:
   * reported once per call, before or after `call-started`, and never after the call settled. For the
   * host (demo_status's webCallId), not the reducer.
   */
  | { type: 'call-id'; id: string };

/** The events the reducer takes (`voiceAction`): all but the call's id, which is for the host. */
export type CallEvent = Exclude<VoiceEvent, { type: 'call-id' }>;

export interface VoiceClientOptions {
  publicKey: string;
  /** The provider's API base; undefined for its default. */
  apiBase: string | undefined;
  /** Load Daily's call machine with a script tag instead of `Function()` (strict CSP). */
  avoidEval: boolean;
}

export interface StartVoiceCallOptions extends VoiceClientOptions {
  assistantId: string;
  /** Passed as `assistantOverrides.variableValues`. */
  variableValues: Record<string, string>;
  onEvent: (event: VoiceEvent) => void;
  /**
   * The assistant's voice level, 0 to 1 (the SDK's `volume-level`), at most once per animation
   * frame and never after the call settled. Not a VoiceEvent: it comes ten times a second and is
   * for the visualiser's DOM, never for the reducer.
   */
  onVolume?: (level: number) => void;
  /** Our own ceiling: the SDK's start() has none. */
  startTimeoutMs?: number;
}

export interface VoiceCall {
  /** Ends the call (or the attempt) and cleans up; reports `call-ended` if it was still going. */
  stop(): Promise<void>;
  /**
   * Turns the visitor's microphone off or on again (the SDK's `setMuted`); nothing before the call
   * is connected or after it. False when the SDK was not told or refused: the view must not say
   * 'Microphone muted' while the microphone may still be on.
   */
  setMuted(muted: boolean): boolean;
}

/** Returns the call at once (it starts in the background), so it can be stopped at any moment. */
export type StartVoiceCall = (options: StartVoiceCallOptions) => VoiceCall;
