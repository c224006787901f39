/// <reference path="../env.d.ts" />
// Every step after the form, in one lazy chunk (src/chunks/lazy-chunks.ts): the loading screen, the steps
// after it, and what drives them: the whole reducer and the handlers, the form's sending among them.
// The form renders without it; it is fetched when the visitor first reaches into the form, seconds
// before the form can be sent, and the submit waits for it if it is late (use-later-steps.ts).
export { flowReducer } from './reducer.ts';
export { laterHandlers } from './handlers.ts';
export { LaterStepsView } from './view.tsx';
export { default as styles } from './styles.css?inline';
