import type { Copy } from '../copy.ts';
import type { ShellDescription } from '../shell/markup.ts';
import { frenchCopy } from './french-copy.ts';
import { frenchShell } from './french-shell.ts';

// Phase: a lazy chunk of its own (chunks/french-*.js), fetched before the first render on a French
// page only: English pages pay nothing for it. Every text of the flow in French, and the
// form's shell as FormStep renders it in French (build/form-shell-plugin.ts).

export const french: { copy: Copy; shell: ShellDescription } = { copy: frenchCopy, shell: frenchShell };
