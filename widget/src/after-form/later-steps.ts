/// <reference path="../env.d.ts" />
// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
// The later steps' chunk: Preact and the whole flow, which take over the shell's form.
export { mountWidget } from '../form/mount-widget.tsx';
export { default as styles } from './styles.css?inline';
