// `pnpm --filter @franchise-ai/widget readme`: writes README.md's reference blocks (the element's
// summary, its attributes, events, parts and custom properties) from the Custom Elements Manifest,
// the one the build writes to dist/custom-elements.json, so the README never restates the doc
// comment by hand. Each block sits between `<!-- manifest:NAME:start -->` and `<!-- manifest:NAME:end -->`;
// src/readme.test.ts fails, with this command, when one differs from the manifest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createManifest } from '../build/custom-elements-manifest.mjs';
import { attributeValues, elementsOf } from '../build/editor-data.mjs';

export const README_COMMAND = 'pnpm --filter @franchise-ai/widget readme';
export const README_BLOCKS = /** @type {const} */ (['summary', 'attributes', 'events', 'parts', 'css-properties']);

/** A table cell: one line, and a `|` that does not end the cell (GitHub's tables take `\|` inside code too). */
const cell = (text = '') => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const code = (text) => `\`${text}\``;
const table = (headers, rows) =>
  [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');

/** What an attribute takes, from its type: the values, "boolean", or "text". */
function accepts(typeText) {
  const values = attributeValues(typeText);
  if (values.kind === 'enum') return values.values.map(code).join(' | ');
  return values.kind === 'boolean' ? 'boolean (present or absent)' : 'text';
}

/**
 * Each block's Markdown from the manifest's one element.
 * @param {import('custom-elements-manifest/schema').Package} manifest
 * @returns {Map<(typeof README_BLOCKS)[number], string>}
 */
export function readmeBlocks(manifest) {
  const elements = elementsOf(manifest);
  if (elements.length !== 1) throw new Error(`the manifest declares ${elements.length} custom elements, not one`);
  const [element] = elements;
  // The default has its own column: `Default: \`x\`` is where the plugin reads it from.
  const withoutDefault = (description = '') => description.replace(/\s*Default: `[^`]*`\.?/, '').trim();
  const detail = (typeText = '') => /^CustomEvent<(.*)>$/s.exec(typeText)?.[1] ?? typeText;
  return new Map([
    ['summary', cell(element.description)],
    [
      'attributes',
      table(
        ['attribute', 'takes', 'default', 'meaning'],
        (element.attributes ?? []).map((attribute) => [
          code(attribute.name),
          accepts(attribute.type?.text),
          attribute.default === undefined ? '' : code(attribute.default),
          withoutDefault(attribute.description),
        ]),
      ),
    ],
    [
      'events',
      table(
        ['event', 'detail', 'when'],
        (element.events ?? []).map((event) => [code(event.name), code(detail(event.type?.text)), event.description]),
      ),
    ],
    [
      'parts',
      table(
        ['part', 'element'],
        (element.cssParts ?? []).map((part) => [code(part.name), part.description]),
      ),
    ],
    [
      'css-properties',
      table(
        ['custom property', 'default', 'used for'],
        (element.cssProperties ?? []).map((property) => [
          code(property.name),
          property.default === undefined ? '' : code(property.default),
          property.description,
        ]),
      ),
    ],
  ]);
}

const markers = (name) => [`<!-- manifest:${name}:start -->`, `<!-- manifest:${name}:end -->`];

/** Where block `name` sits in `readme`: its text's start and end, refusing a missing or repeated marker. */
function span(readme, name) {
  const [start, end] = markers(name);
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from || readme.indexOf(start, from + 1) >= 0 || readme.indexOf(end, to + 1) >= 0)
    throw new Error(`README.md must hold ${start} and then ${end}, each once`);
  return [from + start.length, to];
}

/** Block `name` of `readme` as it stands, without the line breaks around it. */
export function blockIn(readme, name) {
  const [from, to] = span(readme, name);
  return readme.slice(from, to).replace(/^\n/, '').replace(/\n$/, '');
}

/** `readme` with every block written from `manifest`. */
export function withBlocks(readme, manifest) {
  let text = readme;
  for (const [name, markdown] of readmeBlocks(manifest)) {
    const [from, to] = span(text, name);
    text = `${text.slice(0, from)}\n${markdown}\n${text.slice(to)}`;
  }
  return text;
}

const WIDGET = fileURLToPath(new URL('../', import.meta.url));
export const README = join(WIDGET, 'README.md');

/** The blocks of the README on disk that differ from the manifest of the sources. */
export function staleBlocks(manifest = createManifest({ widgetDir: WIDGET })) {
  const readme = readFileSync(README, 'utf8');
  const blocks = readmeBlocks(manifest);
  return README_BLOCKS.filter((name) => blockIn(readme, name) !== blocks.get(name));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const readme = readFileSync(README, 'utf8');
  const written = withBlocks(readme, createManifest({ widgetDir: WIDGET }));
  if (written === readme) console.log('README.md: its reference blocks are current');
  else {
    writeFileSync(README, written);
    console.log('README.md: reference blocks written from the manifest');
  }
}
