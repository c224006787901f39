// The voice call as the widget sees it: no SDK types leak past this line.

import type { MicrophoneProblem } from '../flow/reducer.ts';
import type { Transcript } from '../flow/captions.ts';

/** What the adapter reports; each maps onto one reducer action. */
export type VoiceEvent =
  | { type: 'call-started' }
  | { type: 'speech-started' }
  | { type: 'speech-ended' }
  | { type: 'call-ended' }
  | ({ type: 'transcript' } & Transcript)
  | { type: 'call-failed'; reason: 'error' | MicrophoneProblem; message: string }
  /** start() was given the assistant, which the host deletes once that call ends, so the next call needs a fresh one. Once per call. */
  | { type: 'assistant-used' }
  /** The provider's id for this call, once, for the host (demo_status's webCallId), not the reducer. */
  | { type: 'call-id'; id: string }
  /** The agent called book_meeting (or its result came): the handlers ask the host what was booked; not the reducer's. */
  | { type: 'booking-asked' };

/** The events the reducer takes (`voiceAction`): all but those for the host (the call's id, a booking to ask about). */
export type CallEvent = Exclude<VoiceEvent, { type: 'call-id' } | { type: 'booking-asked' }>;

export interface VoiceClientOptions {
  publicKey: string;
  apiBase: string | undefined;
  /** Load Daily's call machine with a script tag instead of `Function()` (strict CSP). */
  avoidEval: boolean;
}

export interface StartVoiceCallOptions extends VoiceClientOptions {
  assistantId: string;
  /** Passed as `assistantOverrides.variableValues`. */
  variableValues: Record<string, string>;
  onEvent: (event: VoiceEvent) => void;
  /** The assistant's voice level, 0 to 1, at most once a frame: not a VoiceEvent, as it is for the visualiser's DOM, not the reducer. */
  onVolume?: (level: number) => void;
  /** Our own ceiling: the SDK's start() has none. */
  startTimeoutMs?: number;
}

export interface VoiceCall {
  /** Ends the call (or the attempt) and cleans up; reports `call-ended` if it was still going. */
  stop(): Promise<void>;
  /** Mutes or unmutes while connected; false when the SDK was not told, so the view never says 'muted' over a live microphone. */
  setMuted(muted: boolean): boolean;
}

/** Returns the call at once (it starts in the background), so it can be stopped at any moment. */
export type StartVoiceCall = (options: StartVoiceCallOptions) => VoiceCall;
