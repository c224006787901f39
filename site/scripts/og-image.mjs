// The share image (og:image, twitter:image): the product's name and the landing page's heading set
// in the site's font, over a call waveform, in the site's brand colours; drawn as SVG and rendered
// to PNG with resvg. No browser, no system fonts: the text is already outlines.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { figtree, textPath, wrap } from './og-image-text.mjs';

const SITE = fileURLToPath(new URL('..', import.meta.url));

/** The design tokens (src/styles/tokens.css) the image is drawn in, so it follows the site's look. */
export function brandColours(css = readFileSync(`${SITE}/src/styles/tokens.css`, 'utf8')) {
  const read = (name) => {
    const value = new RegExp(`--${name}\\s*:\\s*(#[0-9a-f]{6})\\b`, 'i').exec(css)?.[1];
    if (!value) throw new Error(`og-image: src/styles/tokens.css has no --${name}: #rrggbb custom property to draw the share image in`);
    return value;
  };
  return { brand: read('color-brand'), navy: read('color-night') };
}

/** `colour` mixed with white by `amount` (0 to 1), as #rrggbb. */
const tint = (colour, amount) =>
  `#${[1, 3, 5]
    .map((at) => parseInt(colour.slice(at, at + 2), 16))
    .map((channel) =>
      Math.round(channel + (255 - channel) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Bar heights of a voice's waveform: loud and quiet syllables, the same every build. */
const waveform = (count, max) =>
  Array.from({ length: count }, (_, index) => {
    const syllables = Math.abs(Math.sin(index * 0.23 + 0.4)) ** 0.6;
    const voice = 0.55 + 0.45 * Math.abs(Math.sin(index * 1.7) * Math.cos(index * 0.61));
    return Math.max(6, Math.round(max * syllables * voice));
  });

/** The image as SVG: `name` beside the logo mark, `heading` large, a waveform along the bottom. */
export async function ogImageSvg({ name, heading, width, height }) {
  const { brand, navy } = brandColours();
  const font = await figtree(800);
  const margin = 80;
  const favicon = readFileSync(`${SITE}/public/favicon.svg`, 'utf8').trim();
  const mark = favicon.replace(/^<svg\b/, `<svg x="${margin}" y="${margin - 8}" width="60" height="60"`);
  const headingSize = 80;
  const lines = wrap(font, heading, headingSize, width - 2 * margin).slice(0, 3);
  const headingPaths = lines.map((line, index) => textPath(font, line, headingSize, margin, 250 + index * headingSize * 1.1)).join('');

  const bars = waveform(56, 110);
  const step = (width - 2 * margin) / bars.length;
  const centre = height - 110;
  const barRects = bars
    .map(
      (barHeight, index) =>
        `<rect x="${(margin + index * step).toFixed(1)}" y="${centre - barHeight / 2}" width="${(step * 0.55).toFixed(1)}" height="${barHeight}" rx="${(step * 0.275).toFixed(1)}"/>`,
    )
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${navy}"/><stop offset="1" stop-color="${brand}"/></linearGradient>
    <linearGradient id="voice" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${tint(brand, 0.75)}"/><stop offset="1" stop-color="${tint(brand, 0.35)}"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${width - 60}" cy="70" r="220" fill="${tint(brand, 0.2)}" opacity="0.18"/>
  ${mark}
  <path fill="#ffffff" d="${textPath(font, name, 40, margin + 78, margin + 36)}"/>
  <path fill="#ffffff" d="${headingPaths}"/>
  <g fill="url(#voice)">${barRects}</g>
</svg>`;
}

/** The image as PNG bytes. */
export async function ogImagePng(card) {
  const resvg = new Resvg(await ogImageSvg(card), { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return resvg.render().asPng();
}
