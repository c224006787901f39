// fontkit reads WOFF2 but cannot make a variable WOFF2 font's instances: getVariation() re-reads the
// compressed bytes as if they were a plain TrueType file, and the outlines WOFF2 stores in its
// transformed glyf table skip gvar. So this rebuilds a plain TrueType (sfnt) file from what fontkit
// decoded: every table as stored, except glyf and loca, encoded again from the decoded outlines
// (without hinting instructions, which a vector rendering does not use).
import * as fontkit from 'fontkit';

const ARG_1_AND_2_ARE_WORDS = 0x1;
const ARGS_ARE_XY_VALUES = 0x2;
const WE_HAVE_A_SCALE = 0x8;
const MORE_COMPONENTS = 0x20;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x40;
const WE_HAVE_A_TWO_BY_TWO = 0x80;

/** A growable big-endian byte buffer. */
class Writer {
  bytes = [];
  u8(value) {
    this.bytes.push(value & 0xff);
  }
  u16(value) {
    this.u8(value >> 8);
    this.u8(value);
  }
  i16(value) {
    this.u16(Math.round(value) & 0xffff);
  }
  u32(value) {
    this.u16(value >>> 16);
    this.u16(value & 0xffff);
  }
  f2dot14(value) {
    this.i16(value * 16384);
  }
  pad(to) {
    while (this.bytes.length % to) this.u8(0);
  }
  get length() {
    return this.bytes.length;
  }
}

function boxOf(points) {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The points of glyph `id`, components resolved, for its bounding box. */
function pointsOf(glyphs, id) {
  const glyph = glyphs[id];
  if (!glyph || glyph.numberOfContours === 0) return [];
  if (glyph.numberOfContours > 0) return glyph.points;
  return glyph.components.flatMap((component) =>
    pointsOf(glyphs, component.glyphID).map((point) => ({
      x: point.x * component.scaleX + point.y * component.scale01 + component.dx,
      y: point.y * component.scaleY + point.x * component.scale10 + component.dy,
    })),
  );
}

function writeGlyph(out, glyphs, id) {
  const glyph = glyphs[id];
  if (!glyph || glyph.numberOfContours === 0) return; // no outline: an empty loca entry
  const points = pointsOf(glyphs, id);
  if (points.length === 0) return;
  out.i16(glyph.numberOfContours);
  for (const value of boxOf(points)) out.i16(value);
  if (glyph.numberOfContours > 0) {
    glyph.points.forEach((point, index) => {
      point.endContour && out.u16(index);
    });
    out.u16(0); // no instructions
    for (const point of glyph.points) out.u8(point.onCurve ? 1 : 0); // long x and y vectors, no repeats
    for (const axis of ['x', 'y']) {
      let previous = 0;
      for (const point of glyph.points) {
        out.i16(point[axis] - previous);
        previous = Math.round(point[axis]);
      }
    }
  } else {
    glyph.components.forEach((component, index) => {
      const twoByTwo = component.scale01 !== 0 || component.scale10 !== 0;
      const xy = !twoByTwo && component.scaleX !== component.scaleY;
      const scale = !twoByTwo && !xy && component.scaleX !== 1;
      const more = index < glyph.components.length - 1;
      out.u16(
        ARG_1_AND_2_ARE_WORDS |
          ARGS_ARE_XY_VALUES |
          (scale ? WE_HAVE_A_SCALE : 0) |
          (xy ? WE_HAVE_AN_X_AND_Y_SCALE : 0) |
          (twoByTwo ? WE_HAVE_A_TWO_BY_TWO : 0) |
          (more ? MORE_COMPONENTS : 0),
      );
      out.u16(component.glyphID);
      out.i16(component.dx);
      out.i16(component.dy);
      if (scale) out.f2dot14(component.scaleX);
      if (xy) for (const value of [component.scaleX, component.scaleY]) out.f2dot14(value);
      if (twoByTwo) for (const value of [component.scaleX, component.scale01, component.scale10, component.scaleY]) out.f2dot14(value);
    });
  }
  out.pad(4);
}

const checksum = (bytes) => {
  let sum = 0;
  for (let at = 0; at < bytes.length; at += 4)
    sum = (sum + (((bytes[at] << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0)) >>> 0;
  return sum;
};

/** The bytes of a plain TrueType file with the same tables and outlines as the WOFF2 file `woff2`. */
export function sfntFromWoff2(woff2) {
  const font = fontkit.create(woff2);
  if (font.type !== 'WOFF2') throw new Error(`sfntFromWoff2: expected a WOFF2 font, got ${font.type}`);
  font.getGlyph(0); // decompresses the tables and decodes the transformed glyf table
  const stored = font.stream.buffer;
  const glyphs = font._transformedGlyphs;
  const tables = new Map();
  for (const [tag, entry] of Object.entries(font.directory.tables)) {
    if (tag !== 'glyf' && tag !== 'loca') tables.set(tag, Uint8Array.from(stored.subarray(entry.offset, entry.offset + entry.length)));
  }
  if (glyphs) {
    const glyf = new Writer();
    const loca = new Writer();
    for (let id = 0; id < glyphs.length; id++) {
      loca.u32(glyf.length);
      writeGlyph(glyf, glyphs, id);
    }
    loca.u32(glyf.length);
    tables.set('glyf', Uint8Array.from(glyf.bytes));
    tables.set('loca', Uint8Array.from(loca.bytes));
    // head.indexToLocFormat: the loca written above has 32-bit offsets.
    const head = tables.get('head');
    head[50] = 0;
    head[51] = 1;
  }

  const tags = [...tables.keys()].sort();
  const out = new Writer();
  const power = 2 ** Math.floor(Math.log2(tags.length));
  out.u32(0x00010000);
  out.u16(tags.length);
  out.u16(power * 16);
  out.u16(Math.log2(power));
  out.u16(tags.length * 16 - power * 16);
  let offset = 12 + tags.length * 16;
  for (const tag of tags) {
    const bytes = tables.get(tag);
    for (const character of tag) out.u8(character.charCodeAt(0));
    out.u32(checksum(bytes));
    out.u32(offset);
    out.u32(bytes.length);
    offset += Math.ceil(bytes.length / 4) * 4;
  }
  for (const tag of tags) {
    for (const byte of tables.get(tag)) out.u8(byte);
    out.pad(4);
  }
  return Buffer.from(out.bytes);
}
