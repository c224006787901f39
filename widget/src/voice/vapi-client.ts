import VapiExport from '@vapi-ai/web';
import { createStartVoiceCall, type VapiLike } from './voice-adapter.ts';

// The SDK is CommonJS (`exports.default = Vapi`). This package is `"type": "module"`, so bundlers
// apply Node's interop and the default import is the whole `module.exports`, with the class one
// level down (`new Vapi()` then threw "… is not a constructor"); other tools unwrap it. Accept both.
type VapiClass = typeof VapiExport;
const Vapi: VapiClass = (VapiExport as unknown as { default?: VapiClass }).default ?? VapiExport;

// The only module that imports the voice SDK; the widget reaches it through one
// lazy import(), so the SDK is fetched only when a visitor starts a browser call.
export const startVoiceCall = createStartVoiceCall(({ publicKey, apiBase, avoidEval }) => new Vapi(publicKey, apiBase, { avoidEval }) as unknown as VapiLike);
