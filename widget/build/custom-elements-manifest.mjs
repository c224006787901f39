import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { attributeTypes } from './attribute-types.mjs';
import { franchiseAiDemoPlugin } from './custom-elements-plugin.mjs';

/** What the analyzer reads: the documented interface and the constants, map and list it is checked against. */
const ANALYZED = [
  'src/first-render/element/element.ts',
  'src/first-render/element/attribute-rules.ts',
  'src/first-render/element/events.ts',
  'src/first-render/element/tag.ts',
];
/** The schema version is the installed schema package's, so updating that package updates the claim. */
const SCHEMA_VERSION = createRequire(import.meta.url)('custom-elements-manifest/package.json').version;

/**
 * The widget's Custom Elements Manifest, made by the analyzer with our plugin from the sources
 * under `widgetDir`. No file is written and no build is needed.
 *
 * @param {{ widgetDir: string, readFile?: (path: string) => string | undefined }} options
 *   `readFile(absolutePath)` may return a doctored source (tests); undefined reads the disk.
 * @returns {import('custom-elements-manifest/schema').Package}
 */
export function createManifest({ widgetDir, readFile = () => undefined }) {
  const root = resolve(widgetDir);
  const read = (path) => readFile(join(root, path)) ?? readFileSync(join(root, path), 'utf8');
  const packageJson = JSON.parse(read('package.json'));

  const modules = ANALYZED.map((path) => ts.createSourceFile(path, read(path), ts.ScriptTarget.ES2022, true));
  const plugin = franchiseAiDemoPlugin({
    attributeTypes: (attributes) => attributeTypes(ts, { srcDir: join(root, 'src'), attributes, readFile }),
    partsUsed: partsUsed(root, read),
    cssPropertyDefaults: cssPropertyDefaults(read('src/first-render/element/styles.css')),
    modules: { esm: withoutDotSlash(packageJson.exports['.'].import), scriptTag: withoutDotSlash(packageJson.unpkg) },
    schemaVersion: SCHEMA_VERSION,
    readme: 'README.md',
  });
  return create({ modules, plugins: [plugin], context: { dev: false } });
}

/** Every `part="..."` name in the components (a part attribute may hold several names), and each `part: '...'` of the first render's markup drawn in code (the launcher's). */
function partsUsed(root, read) {
  const src = join(root, 'src');
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => /(?<!\.test)\.tsx?$/.test(file));
  return sources.flatMap((file) =>
    [...read(relative(root, join(src, file))).matchAll(/\bpart(?:="([^"]+)"|: '([^']+)')/g)].flatMap((match) => (match[1] ?? match[2]).split(/\s+/)),
  );
}

/** Each `--fad-*` property styles.css reads, with the fallback of its `var()` (undefined when it has none). */
function cssPropertyDefaults(styles) {
  const defaults = new Map([...styles.matchAll(/--fad-[a-z][a-z-]*/g)].map((match) => [match[0], undefined]));
  // The first fallback is the default: the `--_x: var(--fad-x, …)` definitions come first; a later
  // `var()` of the same property (the placeholder's lighter grey) is a local choice, not its default.
  for (const match of styles.matchAll(/var\((--fad-[a-z][a-z-]*),\s*([^;]+?)\);?\s*$/gm))
    if (defaults.get(match[1]) === undefined) defaults.set(match[1], match[2].trim());
  return defaults;
}

const withoutDotSlash = (path) => {
  if (typeof path !== 'string') throw new Error(`package.json names no file here: ${String(path)}`);
  return path.replace(/^\.\//, '');
};
