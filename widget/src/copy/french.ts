import type { Copy } from './copy.ts';
import type { ShellDescription } from '../first-render/shell/markup.ts';
import { frenchCopy } from './french-copy.ts';
import { frenchShell } from './french-shell.ts';

// A chunk of its own, fetched before the first render on French pages only: English pages pay nothing.

export const french: { copy: Copy; shell: ShellDescription } = { copy: frenchCopy, shell: frenchShell };
