import { firstCopy } from './form/copy.ts';
import { laterCopy } from './after-form/copy.ts';

/**
 * Every visible text of the demo flow, English, in one flat object so the widget never spells a
 * text twice. It is written in two parts, so that the first render carries only its own texts:
 * first-copy.ts (form, loading) and later-copy.ts (the steps after loading, in their lazy chunk).
 * The widget's code imports the part it runs with; tests and tools read this whole. `{name}`-style
 * slots are filled with `fillCopy`.
 */
export const copy = { ...firstCopy, ...laterCopy } as const;

export type CopyKey = keyof typeof copy;
export type FirstCopyKey = keyof typeof firstCopy;
export type LaterCopyKey = keyof typeof laterCopy;

export { fillCopy } from './fill-copy.ts';
