// The parts loaded only when needed, for bundlers; the script-tag build swaps in lazy-chunks-classic.ts.

/** The steps after the loading screen, fetched while it runs. */
export const loadLaterSteps = () => import('../../steps/later-steps.ts');
/** libphonenumber's rules, from the congratulations step on. */
export const loadPhoneRules = () => import('../../phone/phone-rules.ts');
/** The voice SDK, when the visitor chooses the browser call. */
export const loadVoice = () => import('../../voice/vapi-client.ts');
/** The integrator's explanation of an assistant answer without an id. */
export const loadMissingAssistantId = () => import('../../webhooks/missing-assistant-id.ts');
/** Every text in French and the French form's shell, before the first render of a French widget. */
export const loadFrench = () => import('../../copy/french.ts');
/** The chat view, at 'Chat With It'; `_modules` is what the script-tag build's chunk takes from the later steps (lazy-chunks-classic.ts). */
export const loadChat = (_modules: object) => import('../../steps/chat/chat-chunk.ts');
