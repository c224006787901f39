import type { Font } from 'fontkit';

/** Figtree at weight `weight` (its wght axis). */
export function figtree(weight: number): Promise<Font>;
/** Width in pixels of `text` at `size`. */
export function widthOf(font: Font, text: string, size: number): number;
