import Vapi from '@vapi-ai/web';
import { createStartVoiceCall, type VapiLike } from './voice-adapter.ts';

// The only module that imports the voice SDK; the widget reaches it through one
// lazy import(), so the SDK is fetched only when a visitor starts a browser call.
export const startVoiceCall = createStartVoiceCall(
  ({ publicKey, apiBase, avoidEval }) => new Vapi(publicKey, apiBase, { avoidEval }) as unknown as VapiLike,
);
