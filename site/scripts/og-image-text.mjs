// Text set in Figtree as SVG path data, so the share image needs no font on the machine that renders
// it (resvg is given none): the site's own variable font, at a bold instance.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { decompress } from 'wawoff2';

const FIGTREE = createRequire(import.meta.url).resolve('@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2');

/**
 * Figtree at weight `weight` (the variable font's wght axis). fontkit reads WOFF2 but cannot make a
 * variable WOFF2 font's instances, so the file is first decompressed to plain TrueType by wawoff2
 * (Google's woff2 decoder).
 */
export async function figtree(weight) {
  return fontkit.create(Buffer.from(await decompress(readFileSync(FIGTREE)))).getVariation({ wght: weight });
}

/** Width in pixels of `text` at `size`. */
export const widthOf = (font, text, size) => (font.layout(text).advanceWidth * size) / font.unitsPerEm;

/** Words of `text` in lines no wider than `maxWidth` at `size` (a word wider than that gets a line of its own). */
export function wrap(font, text, size, maxWidth) {
  const lines = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && widthOf(font, `${last} ${word}`, size) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** SVG path data of `text` at `size` pixels, its baseline starting at (x, y). */
export function textPath(font, text, size, x, y) {
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let pen = 0;
  const parts = run.glyphs.map((glyph, index) => {
    const position = run.positions[index];
    const d = glyph.path
      .scale(scale, -scale)
      .translate(x + (pen + position.xOffset) * scale, y - position.yOffset * scale)
      .toSVG();
    pen += position.xAdvance;
    return d;
  });
  return parts.join('');
}
