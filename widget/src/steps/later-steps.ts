/// <reference path="../env.d.ts" />
// The later steps' chunk: Preact and the whole flow, which take over the shell's form.
export { mountWidget } from './mount-widget.tsx';
export { default as styles } from './later-steps.css?inline';
