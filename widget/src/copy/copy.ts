import { firstCopy } from './form-copy.ts';
import { laterCopy } from './later-copy.ts';

/** Every visible English text, copy/form-copy.ts and copy/later-copy.ts joined; `{name}` slots are filled with `fillCopy`. */
export const copy = { ...firstCopy, ...laterCopy } as const;

export type CopyKey = keyof typeof copy;
export type FirstCopyKey = keyof typeof firstCopy;
export type LaterCopyKey = keyof typeof laterCopy;

export { fillCopy } from './fill-copy.ts';

/** One language's texts: every key of `copy`, as English has it or as a translation (src/copy/fr-*.ts) gives it. */
export type Copy = { readonly [Key in CopyKey]: string };
