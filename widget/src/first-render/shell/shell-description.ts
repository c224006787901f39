import type { ShellDescription } from './markup.ts';

// The shell's markup and texts, made at build time from the real components (describe.tsx, run by
// build/form-shell-plugin.ts, which writes them in place of __FAD_SHELL__).
declare const __FAD_SHELL__: ShellDescription;

/** Read when drawing, not on import: the element's module then loads outside a build too (node tests read its tag). */
export const englishShell = (): ShellDescription => __FAD_SHELL__;
