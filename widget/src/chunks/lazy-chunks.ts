// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
// The parts loaded only when needed, in one place. This file is for bundlers (the ESM build):
// each import() becomes a chunk of theirs. The script-tag build replaces it with
// lazy-chunks-classic.ts (build/classic-chunks.ts), which loads the same modules as classic scripts,
// so they need no CORS from the host that serves them.

/** The steps after the loading screen, fetched while it runs. */
export const loadLaterSteps = () => import('../after-form/later-steps.ts');
/** libphonenumber's rules, from the congratulations step on. */
export const loadPhoneRules = () => import('../phone/phone-rules.ts');
/** The voice SDK, when the visitor chooses the browser call. */
export const loadVoice = () => import('../voice/vapi-client.ts');
/** The integrator's explanation of an assistant answer without an id. */
export const loadMissingAssistantId = () => import('../webhooks/missing-assistant-id.ts');
/** Every text in French and the French form's shell, before the first render of a French widget. */
export const loadFrench = () => import('../i18n/french.ts');
