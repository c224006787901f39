import type { ShellDescription } from './markup.ts';

// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
// The shell's markup and texts, made at build time from the real components (describe.tsx, run by
// build/form-shell-plugin.ts, which writes them in place of __FAD_SHELL__).
declare const __FAD_SHELL__: ShellDescription;

export const shell: ShellDescription = __FAD_SHELL__;
