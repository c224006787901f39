import type { ShellDescription } from '../shell/markup.ts';

// The French shell's markup and texts, made at build time from the real components with the French
// copy (src/shell/describe.tsx, run by build/form-shell-plugin.ts, which writes them in place of
// __FAD_SHELL_FR__). In the French chunk only.
declare const __FAD_SHELL_FR__: ShellDescription;

export const frenchShell: ShellDescription = __FAD_SHELL_FR__;
