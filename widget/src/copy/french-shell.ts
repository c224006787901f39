import type { ShellDescription } from '../first-render/shell/markup.ts';

// The French shell's markup and texts, made at build time by build/form-shell-plugin.ts.
declare const __FAD_SHELL_FR__: ShellDescription;

export const frenchShell: ShellDescription = __FAD_SHELL_FR__;
