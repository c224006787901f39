// The metric-matched fallback for Figtree (fonts.css), as @font-face rules the build serves as
// virtual:figtree-fallback.css (vite.config.ts). `swap` shows text at once in this fallback, so the
// swap must move nothing: size-adjust scales the local font's average advance to Figtree's,
// measured in Chromium over a paragraph of the site's copy for each weight the site uses (400 on
// Arial, 600 and 800 on Arial Bold), and the overrides give Figtree's line box (its ascender and
// descender, no line gap) on that scaled font. Liberation Sans is Arial's metric twin on Linux.

/** The family tokens.css names after Figtree. */
const FIGTREE_FALLBACK = 'Figtree Fallback';

/** Figtree's vertical metrics, in em. */
const FIGTREE = { ascent: 0.95, descent: 0.25 };

// Liberation Sans first: the browser tries the names in order, and in Chromium on Linux each name
// tried is a synchronous call to the browser's font service before the first paint can go on. With
// Arial's names first, a Linux machine missed twice per face before finding its Liberation Sans: 8
// such calls before the landing's first paint, 2 in this order (traces of the throttled
// landing). Where Arial is installed instead, its name is found one try later.
const ARIAL = ['Liberation Sans', 'LiberationSans', 'Arial', 'ArialMT', 'Helvetica'];
const ARIAL_BOLD = ['Liberation Sans Bold', 'LiberationSans-Bold', 'Arial Bold', 'Arial-BoldMT', 'Helvetica Bold'];

/** Each weight range on its local font, with the size-adjust measured for the weight the site sets in it. */
const FACES = [
  { weights: '300 549', local: ARIAL, sizeAdjust: 0.999 },
  { weights: '550 749', local: ARIAL_BOLD, sizeAdjust: 0.947 },
  { weights: '750 900', local: ARIAL_BOLD, sizeAdjust: 0.971 },
];

/** `0.25 / 0.999` -> `25%`, `0.95 / 0.947` -> `100.3%`: a tenth of a percent is finer than a pixel. */
const percent = (ratio: number): string => `${Number((ratio * 100).toFixed(1))}%`;

/** The fallback's @font-face rules, one per weight range. */
export function figtreeFallbackCss(): string {
  return FACES.map(
    ({ weights, local, sizeAdjust }) => `@font-face {
  font-family: '${FIGTREE_FALLBACK}';
  font-weight: ${weights};
  src: ${local.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(FIGTREE.ascent / sizeAdjust)};
  descent-override: ${percent(FIGTREE.descent / sizeAdjust)};
  line-gap-override: 0%;
}
`,
  ).join('');
}
