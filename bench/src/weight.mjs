// The weight half of `pnpm bench`: what a page fetches for this widget beside what it fetches for
// the embeds people would pick instead, each raw, gzip (level 9) and brotli (quality 11), as a
// server with maximum compression would send it. The anchors are read from their npm packages,
// pinned in bench/package.json and installed here only: no network, no shipping.
// `node bench/src/weight.mjs` prints this table alone (after the widget's build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { WIDGET_DIST, widgetParts } from '@franchise-ai/test-support/widget-weight.mjs';

const NODE_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));

/**
 * Each anchor's script-tag file: the one file its own docs put in a page's <script src>.
 * `id` is the column key rows from other measurements (time to ready) use.
 */
export const ANCHORS = [
  // Its package.json's "unpkg" field; the docs' tag is <script src="https://unpkg.com/@elevenlabs/convai-widget-embed">.
  { id: 'elevenlabs', name: 'ElevenLabs convai embed', pkg: '@elevenlabs/convai-widget-embed', file: 'dist/index.js' },
  // Its README's script tag: https://unpkg.com/@vapi-ai/client-sdk-react/dist/embed/widget.umd.js.
  { id: 'vapi', name: 'Vapi widget (client-sdk-react, script-tag build)', pkg: '@vapi-ai/client-sdk-react', file: 'dist/embed/widget.umd.js' },
  // Its README's script tag, //embed.typeform.com/next/embed.js: the shell that opens the form in an iframe.
  { id: 'typeform', name: 'Typeform embed (iframe shell only)', pkg: '@typeform/embed', file: 'build/embed.js' },
  // The vanilla script its README serves as cal.com/embed.js; the booking page itself is an iframe.
  { id: 'calcom', name: 'Cal.com embed-core (iframe shell only)', pkg: '@calcom/embed-core', file: 'dist/embed/embed.js' },
];
export const OURS = 'ours';

/** Raw, gzip and brotli bytes of the files given, summed. */
export function weigh(paths) {
  const sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const path of paths) {
    const bytes = readFileSync(path);
    sizes.raw += bytes.length;
    sizes.gzip += gzipSync(bytes, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;
  }
  return sizes;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const cell = ({ raw, gzip, brotli }) => `${kb(raw)} / ${kb(gzip)} / ${kb(brotli)} KB`;
const times = (value) => `${value.toFixed(1)}×`;

/** Columns (ours, then each anchor with the version installed) and rows keyed by column id. */
export function weightTable({ widgetDist = WIDGET_DIST, nodeModules = NODE_MODULES } = {}) {
  const parts = widgetParts(widgetDist);
  const ours = (files) => weigh(files.map((file) => join(widgetDist, file)));
  const firstRender = ours(parts.firstRender);
  const anchors = ANCHORS.map((anchor) => {
    const { version } = JSON.parse(readFileSync(join(nodeModules, anchor.pkg, 'package.json'), 'utf8'));
    return { ...anchor, version, sizes: weigh([join(nodeModules, anchor.pkg, anchor.file)]) };
  });
  const columns = [{ id: OURS, name: 'this widget' }, ...anchors.map(({ id, name, version }) => ({ id, name: `${name} ${version}` }))];
  const byAnchor = (value) => Object.fromEntries(anchors.map((anchor) => [anchor.id, value(anchor)]));
  const oursOnly = (label, files) => ({ label: `${label}, raw / gzip / brotli`, cells: { [OURS]: `${cell(ours(files))} (${files.join(', ')})` } });
  const rows = [
    { label: 'script(s) a page includes', cells: { [OURS]: parts.firstRender.join(' + '), ...byAnchor(({ pkg, file }) => `${pkg}/${file}`) } },
    { label: 'JS before ready, raw / gzip / brotli', cells: { [OURS]: cell(firstRender), ...byAnchor(({ sizes }) => cell(sizes)) } },
    { label: 'JS before ready, gzip, × ours', cells: { [OURS]: times(1), ...byAnchor(({ sizes }) => times(sizes.gzip / firstRender.gzip)) } },
    { label: 'JS before ready, brotli, × ours', cells: { [OURS]: times(1), ...byAnchor(({ sizes }) => times(sizes.brotli / firstRender.brotli)) } },
    oursOnly("our later steps' chunk (once the form is on screen and the page idle)", parts.later),
    oursOnly('our voice chunk (when a browser call starts)', parts.voice),
  ];
  return { columns, rows, figures: { firstRender, anchors } };
}

/** A Markdown table, so that docs/PERFORMANCE.md can quote it as printed. */
export function markdown({ columns, rows }) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(['', ...columns.map(({ name }) => name)]),
    line(columns.map(() => '---').concat('---')),
    ...rows.map(({ label, cells }) => line([label, ...columns.map(({ id }) => cells[id] ?? '—')])),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(markdown(weightTable()));
