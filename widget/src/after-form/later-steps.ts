/// <reference path="../env.d.ts" />
// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
// The later steps' chunk: what it hands the first render.
export { flowReducer } from './reducer.ts';
export { laterHandlers } from './handlers.ts';
export { LaterStepsView } from './view.tsx';
export { default as styles } from './styles.css?inline';
