import type { CopyKey } from '../copy/copy.ts';
import { browserCallRetry, isCallActive, microphoneNotice, type FlowState } from './reducer.ts';

// What the browser-call step shows; what the flow acts on (browserCallRetry) is the reducer's.

export function browserCallStatus(state: FlowState): CopyKey {
  switch (state.callStatus) {
    case 'starting':
      return 'statusStarting';
    case 'active':
      if (state.assistantSpeaking === null) return 'statusCallStarted';
      return state.assistantSpeaking ? 'statusSpeaking' : 'statusListening';
    case 'ended':
      return 'statusCallEnded';
    case 'error':
    case 'unavailable':
    case 'microphone-blocked':
    case 'microphone-not-found':
    case 'microphone-unavailable':
      return 'statusError';
    case 'not-ready':
      return 'statusNotReady';
    case 'idle':
      if (state.assistantStatus === 'ready') return 'statusAssistantReady';
      if (state.assistantStatus === 'error') return 'statusAssistantError';
      return 'statusGettingAssistant';
  }
}

/** The notice beside a stuck browser step (which always offers 'Call Me'); null while nothing is stuck. */
export function browserCallNotice(state: FlowState): CopyKey | null {
  if (state.callStatus === 'unavailable') return 'callUnavailableNotice';
  const retry = browserCallRetry(state);
  if (retry === 'fetch-assistant') return 'assistantErrorNotice';
  return retry === 'start-call' ? (microphoneNotice(state) ?? 'callErrorNotice') : null;
}

export function callButton(state: FlowState): { label: CopyKey; disabled: boolean } {
  // First: a start waiting for a fresh assistant (its spent one forgotten) can be ended too.
  if (isCallActive(state)) return { label: 'endCall', disabled: false };
  // Without an assistant: 'Loading...' while it is fetched (spec section 2), and why it cannot start once the fetch failed.
  if (!state.assistantId) return { label: state.assistantStatus === 'error' ? 'noAssistantButton' : 'loadingButton', disabled: true };
  // A start that cannot succeed is not offered: the notice's 'Call Me' is the way on.
  return { label: 'startCall', disabled: state.callStatus === 'unavailable' };
}
