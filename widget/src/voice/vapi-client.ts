import VapiExport from '@vapi-ai/web';
import { createStartVoiceCall, type VapiLike } from './voice-adapter.ts';

// The SDK is CommonJS: some bundlers hand over the whole `module.exports`, others unwrap it. Accept both.
type VapiClass = typeof VapiExport;
const Vapi: VapiClass = (VapiExport as unknown as { default?: VapiClass }).default ?? VapiExport;

// The only module that imports the voice SDK, fetched only when a visitor starts a browser call.
export const startVoiceCall = createStartVoiceCall(({ publicKey, apiBase, avoidEval }) => new Vapi(publicKey, apiBase, { avoidEval }) as unknown as VapiLike);
