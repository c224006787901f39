/// <reference path="../env.d.ts" />
// The steps after the loading screen, in one lazy chunk (src/lazy-chunks.ts): a visitor reaches them
// only after the 42 s build, so they are fetched while the loading screen runs, and the form
// renders without them.
export { laterHandlers } from '../later-flow.ts';
export { BrowserCallStep } from './browser-call-step.tsx';
export { CallScheduledStep } from './call-scheduled-step.tsx';
export { CongratulationsStep } from './congratulations-step.tsx';
export { PhoneDialog } from './phone-dialog.tsx';
export { default as styles } from './later-steps.css?inline';
