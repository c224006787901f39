// The shell's markup as data: what the build makes of the HTML the real components render
// (describe.tsx), and what the shell builds its DOM from with createElement, setAttribute and text
// nodes (draw.ts), never innerHTML: pages with Trusted Types refuse HTML strings.

import type { Copy } from '../../copy/copy.ts';
import type { CHANGING_TEXTS } from '../form-rules/form-texts.ts';
import type { LAUNCHER_TEXTS } from './launcher.ts';

/** What the shell is built from (describe.tsx): the form in its frame, the configuration message, the failed submit's alert, the restored flow's failure, and the texts that change. */
export interface ShellDescription {
  form: MarkupNode[];
  configMessage: MarkupNode[];
  submitErrorAlert: MarkupElement;
  loadFailedMessage: MarkupNode[];
  copy: Pick<Copy, (typeof CHANGING_TEXTS)[number] | (typeof LAUNCHER_TEXTS)[number]>;
}

/** An element: its tag, its attributes, its children; or a text. */
export type MarkupNode = string | MarkupElement;
export type MarkupElement = [tag: string, attributes: Record<string, string>, ...children: MarkupNode[]];
