import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClassDeclaration, CustomElementDeclaration, Package } from 'custom-elements-manifest/schema';
import { describe, expect, it } from 'vitest';
import { createManifest } from '../build/custom-elements-manifest.mjs';
import { attributeValues, elementsOf, vsCodeHtmlCustomData, webTypes } from '../build/editor-data.mjs';
import { parseConfig, WIDGET_ATTRIBUTES, type WidgetConfig } from './first-render/element/attribute-rules.ts';
import { toPropName } from './first-render/element/prop-names.ts';
import { DEFAULT_TAG } from './first-render/element/define.ts';
import { DATA_LAYER_EVENTS } from './first-render/element/data-layer.ts';

// dist/custom-elements.json and the editor data are made at build time (scripts/custom-elements.mjs)
// from element.ts's doc comment; here the same generation runs on the sources, so a doc comment,
// attribute list, event map, part or custom property that drifts from the others fails without a build.
const WIDGET = fileURLToPath(new URL('../', import.meta.url));
const read = (path: string) => readFileSync(join(WIDGET, path), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  name: string;
  version: string;
  unpkg: string;
  customElements: string;
  'web-types': string;
  files: string[];
  scripts: Record<string, string>;
  exports: Record<string, string | { import?: string }>;
};

/** The manifest from the sources, with `doctored` (path under widget/ → text) in place of those files. */
function manifestWith(doctored: Record<string, string> = {}): Package {
  const byPath = new Map(Object.entries(doctored).map(([path, text]) => [join(WIDGET, path), text]));
  return createManifest({ widgetDir: WIDGET, readFile: (path) => byPath.get(path) });
}
/** `path` (`el/` is the element's folder) with `from` replaced by `to` (which must be there, so a doctoring never silently does nothing). */
function edit(path: string, from: string | RegExp, to: string): Record<string, string> {
  path = path.replace(/^el\//, 'src/first-render/element/');
  const text = read(path);
  const edited = text.replace(from, to);
  if (edited === text) throw new Error(`${String(from)} is not in ${path}`);
  return { [path]: edited };
}

const manifest = manifestWith();
type Element = CustomElementDeclaration & ClassDeclaration;
const theElement = (of: Package): Element => {
  const elements = elementsOf(of);
  expect(elements).toHaveLength(1);
  return elements[0]!;
};
const element = theElement(manifest);
const names = (list: Array<{ name: string }> | undefined) => (list ?? []).map((item) => item.name);
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

// What the code has, read the way readme.test.ts reads it, not through the generator.
const eventsSource = read('src/first-render/element/events.ts');
const eventLines = eventsSource.slice(eventsSource.indexOf('interface FranchiseAiDemoEventMap')).matchAll(/^\s+'(franchise-ai-demo-[\w-]+)': (.+);$/gm);
const eventMap = new Map(Array.from(eventLines, ([, name, type]) => [name!, type!] as const));
const partsUsed = readdirSync(join(WIDGET, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .flatMap((file) => [...read(join('src', file)).matchAll(/\bpart(?:="([^"]+)"|: '([^']+)')/g)].flatMap((match) => (match[1] ?? match[2])!.split(/\s+/)));
// Reversed: the first fallback of each property is its default (build/custom-elements-manifest.mjs).
const fallbacks = [...read('src/first-render/element/styles.css').matchAll(/var\((--fad-[a-z][a-z-]*),\s*([^;]+?)\);?\s*$/gm)].reverse();
const stylesFallbacks = new Map(fallbacks.map(([, name, fallback]) => [name!, fallback!.trim()] as const));

describe('custom-elements.json', () => {
  it('uses the installed schema version, names the published modules and declares the element under DEFAULT_TAG', () => {
    expect(manifest.schemaVersion).toBe((createRequire(import.meta.url)('custom-elements-manifest/package.json') as { version: string }).version);
    const esm = (packageJson.exports['.'] as { import: string }).import.replace(/^\.\//, '');
    expect(manifest.modules.map((module) => module.path)).toEqual([esm, packageJson.unpkg]);
    for (const module of manifest.modules) {
      expect(module.exports).toEqual([{ kind: 'custom-element-definition', name: DEFAULT_TAG, declaration: { name: element.name, module: esm } }]);
    }
    expect(element.tagName).toBe(DEFAULT_TAG);
    expect(element.customElement).toBe(true);
  });
  it('lists WIDGET_ATTRIBUTES with descriptions, each with the default the code falls back to when it is absent, and none where there is none', () => {
    expect(names(element.attributes)).toEqual([...WIDGET_ATTRIBUTES]);
    const absent: WidgetConfig = parseConfig({}, () => {});
    for (const attribute of element.attributes ?? []) {
      expect(attribute.description, attribute.name).toMatch(/\w/);
      const fallback = absent[toPropName(attribute.name as (typeof WIDGET_ATTRIBUTES)[number])];
      if (fallback === null || fallback === undefined || fallback === false) expect(attribute.default, attribute.name).toBeUndefined();
      else expect(attribute.default, attribute.name).toBe(String(fallback));
    }
  });
  it('gives each attribute a type the code accepts: every enumerated value without a warning, a boolean one as a boolean', () => {
    for (const attribute of element.attributes ?? []) {
      const values = attributeValues(attribute.type?.text);
      const warnings: string[] = [];
      const config = (value: string) =>
        parseConfig({ [attribute.name]: value }, (warning) => warnings.push(warning))[toPropName(attribute.name as (typeof WIDGET_ATTRIBUTES)[number])];
      if (values.kind === 'enum') {
        for (const value of values.values) expect(config(value), `${attribute.name}="${value}"`).toBe(value);
        expect(warnings, attribute.name).toEqual([]);
        config('not-one-of-them');
        expect(warnings, attribute.name).toHaveLength(1);
      }
      if (values.kind === 'boolean') expect([config(''), config('false')], attribute.name).toEqual([true, false]);
    }
    const kinds = (element.attributes ?? []).map((attribute) => [attribute.name, attributeValues(attribute.type?.text).kind]);
    // Every other attribute takes any text.
    expect(kinds.filter(([, kind]) => kind !== 'text')).toEqual([
      ['business-type', 'enum'],
      ['variant', 'enum'],
      ['position', 'enum'],
      ['voice-avoid-eval', 'boolean'],
      ['analytics', 'enum'],
      ['theme', 'enum'],
    ]);
  });
  it('lists the events of FranchiseAiDemoEventMap with their types; each name lower-case words and hyphens, which every framework binds in templates', () => {
    expect(eventMap.size).toBe(8);
    expect((element.events ?? []).map((event) => [event.name, event.type?.text])).toEqual([...eventMap]);
    for (const name of eventMap.keys()) expect(name).toMatch(/^[a-z]+(?:-[a-z]+)+$/);
    expect(DATA_LAYER_EVENTS, 'data-layer.ts has an entry maker for every event, and no other').toEqual([...eventMap.keys()]);
  });
  it('lists exactly the parts used in src and the custom properties styles.css reads, with its fallbacks', () => {
    expect(sorted(names(element.cssParts))).toEqual(sorted(partsUsed));
    expect(sorted(names(element.cssProperties))).toEqual(sorted(stylesFallbacks.keys()));
    for (const property of element.cssProperties ?? []) expect(property.default, property.name).toBe(stylesFallbacks.get(property.name));
  });
});

describe('custom-elements.json refuses drift', () => {
  it.each<[string, Record<string, string>, RegExp]>([
    [
      'an attribute added to WIDGET_ATTRIBUTES',
      edit('el/attribute-rules.ts', "'webhook-base',\n", "'webhook-base',\n  'undocumented',\n"),
      /@attr tags .* differ from WIDGET_ATTRIBUTES/,
    ],
    ['an @attr tag removed', edit('el/element.ts', / \* @attr public-key .*\n/, ''), /@attr tags .* differ from WIDGET_ATTRIBUTES/],
    [
      'an event renamed in the map',
      edit('el/events.ts', "'franchise-ai-demo-ready':", "'franchise-ai-demo-agent-ready':"),
      /@event tags .* differ from FranchiseAiDemoEventMap/,
    ],
    [
      'a part added to a component',
      edit('src/steps/form/form-step.tsx', 'part="form"', 'part="form fields"'),
      /@csspart tags .* differ from the part="..." names/,
    ],
    ['a @csspart tag removed', edit('el/element.ts', / \* @csspart dialog .*\n/, ''), /@csspart tags .* differ from the part="..." names/],
    [
      'a custom property added to styles.css',
      edit('el/styles.css', '(--fad-radius, 12px);', '(--fad-radius, 12px);\n  --_gap: var(--fad-gap, 8px);'),
      /@cssproperty tags .* differ/,
    ],
    [
      'the doc comment moved off the interface',
      edit('el/element.ts', 'interface FranchiseAiDemoElement ', 'interface WidgetElement '),
      /no interface FranchiseAiDemoElement/,
    ],
  ])('%s fails the generation', (_label, doctored, message) => {
    expect(() => manifestWith(doctored)).toThrow(message);
  });
  it('follows the code where it is the source: the tag, an attribute type, an event type, a fallback', () => {
    const doctored = theElement(
      manifestWith({
        ...edit('el/tag.ts', "DEFAULT_TAG = 'franchise-ai-demo'", "DEFAULT_TAG = 'acme-demo'"),
        ...edit('el/attribute-rules.ts', "Attribute extends 'business-type'\n  ? BusinessType", "Attribute extends 'business-type'\n  ? 'a' | 'b'"),
        ...edit('el/events.ts', 'CustomEvent<{ ok: boolean; refused: boolean; placed: boolean }>', 'CustomEvent<{ ok: boolean; at: number }>'),
        ...edit('el/styles.css', 'var(--fad-radius, 12px)', 'var(--fad-radius, 4px)'),
      }),
    );
    expect(doctored.tagName).toBe('acme-demo');
    expect(doctored.attributes?.find((attribute) => attribute.name === 'business-type')?.type?.text).toBe('"a" | "b"');
    expect(doctored.events?.find((event) => event.name === 'franchise-ai-demo-call-requested')?.type?.text).toBe('CustomEvent<{ ok: boolean; at: number }>');
    expect(doctored.cssProperties?.find((property) => property.name === '--fad-radius')?.default).toBe('4px');
  });
});

describe('editor data', () => {
  it('VS Code html-custom-data: the tag and its attributes, enumerated values and the boolean one', () => {
    const data = vsCodeHtmlCustomData(manifest);
    expect(data.tags.map((tag) => tag.name)).toEqual([DEFAULT_TAG]);
    const [tag] = data.tags;
    expect(tag!.attributes.map((attribute) => attribute.name)).toEqual([...WIDGET_ATTRIBUTES]);
    const byName = new Map(tag!.attributes.map((attribute) => [attribute.name, attribute]));
    const businessType = attributeValues(element.attributes?.find((attribute) => attribute.name === 'business-type')?.type?.text);
    expect(byName.get('business-type')?.values?.map((value) => value.name)).toEqual(businessType.kind === 'enum' ? businessType.values : []);
    expect(byName.get('voice-avoid-eval')?.valueSet).toBe('v');
    expect(byName.get('webhook-base')).not.toHaveProperty('values');
    for (const name of [...names(element.events), ...names(element.cssProperties)]) expect(tag!.description.value).toContain(`\`${name}\``);
    for (const part of names(element.cssParts)) expect(tag!.description.value).toContain(`::part(${part})`);
  });
  it('web-types: the element with attributes, defaults, events, and its parts and custom properties', () => {
    const data = webTypes(manifest, packageJson);
    expect([data.name, data.version]).toEqual([packageJson.name, packageJson.version]);
    const [html] = data.contributions.html.elements;
    expect(data.contributions.html.elements.map((entry) => entry.name)).toEqual([DEFAULT_TAG]);
    expect(html!.attributes.map((attribute) => [attribute.name, attribute.default])).toEqual(
      (element.attributes ?? []).map((attribute) => [attribute.name, attribute.default]),
    );
    expect(html!.attributes.find((attribute) => attribute.name === 'voice-avoid-eval')?.value).toEqual({ type: 'boolean', required: false });
    expect(html!.js.events.map((event) => [event.name, event.type])).toEqual([...eventMap]);
    expect(data.contributions.css['pseudo-elements'].map((part) => part.name)).toEqual(names(element.cssParts).map((part) => `part(${part})`));
    expect(data.contributions.css.properties.map((property) => property.name)).toEqual(names(element.cssProperties));
  });
});

describe('package.json points at the generated files', () => {
  it('customElements and web-types are in dist/ (published through `files`), the manifest is exported, and the build script ends by writing them', () => {
    for (const path of [packageJson.customElements, packageJson['web-types']])
      expect(packageJson.files.some((entry) => path.startsWith(`${entry}/`))).toBe(true);
    expect(packageJson.exports['./custom-elements.json']).toBe(`./${packageJson.customElements}`);
    const { scripts } = packageJson;
    // `build:js` (what `pnpm dev` runs) writes them too: `build` is it plus the declarations.
    expect(scripts['build:js']).toMatch(/&& pnpm build:manifest$/);
    expect(scripts['build']).toMatch(/^pnpm build:js && /);
    expect(scripts['build:manifest']).toBe('node scripts/custom-elements.mjs');
    const writer = read('scripts/custom-elements.mjs');
    for (const field of ['customElements', 'web-types']) expect(writer).toContain(`packageJson${field.includes('-') ? `['${field}']` : `.${field}`}`);
  });
});
