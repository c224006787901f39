import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WIDGET_ATTRIBUTES } from './element/attribute-rules.ts';

// widget/README.md is the public contract's reference: its tables must list exactly what the code
// has (the parts in src, the --fad-* properties in styles.css with their defaults, the attributes,
// the typed events), and so must element.ts's doc comment, which custom-element tooling reads.
const WIDGET = fileURLToPath(new URL('../', import.meta.url));
const SRC = join(WIDGET, 'src');
const read = (path: string) => readFileSync(join(WIDGET, path), 'utf8');

const readme = read('README.md');
const styles = read('src/styles.css');
const elementDoc = read('src/element/element.ts');
const components = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .map((file) => readFileSync(join(SRC, file), 'utf8'))
  .join('\n');

/** The rows of the README table whose header starts with `firstHeader`, as cells without backticks. */
function readmeTable(firstHeader: string): string[][] {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${firstHeader} |`));
  if (start < 0) throw new Error(`README.md has no table headed "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}
const code = (cell: string) => /^`([^`]+)`$/.exec(cell)?.[1];
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe('README.md and element.ts match the code', () => {
  it('the parts table lists exactly the part="..." names used in src', () => {
    const used = [...components.matchAll(/\bpart="([^"]+)"/g)].flatMap((match) => match[1]!.split(/\s+/));
    expect(used.length).toBeGreaterThan(0);
    expect(sorted(readmeTable('part').map(([name]) => code(name!)!))).toEqual(sorted(used));
    expect(sorted([...elementDoc.matchAll(/@csspart ([\w-]+)/g)].map((match) => match[1]!))).toEqual(sorted(used));
  });

  it('the custom property table lists exactly the --fad-* properties styles.css reads, with its fallbacks as defaults', () => {
    // The first fallback of each property is its default (custom-elements-manifest.mjs).
    const fallbacks = new Map([...styles.matchAll(/var\((--fad-[a-z][a-z-]*),\s*([^;]+?)\);?\s*$/gm)].reverse().map((match) => [match[1]!, match[2]!.trim()]));
    const used = sorted([...styles.matchAll(/--fad-[a-z][a-z-]*/g)].map((match) => match[0]));
    expect(used.length).toBeGreaterThan(0);
    expect(sorted(fallbacks.keys())).toEqual(used);

    const rows = readmeTable('custom property');
    expect(sorted(rows.map(([name]) => code(name!)!))).toEqual(used);
    for (const [name, fallback] of rows.map(([name, fallback]) => [code(name!)!, code(fallback!)] as const)) {
      if (fallback !== undefined) expect(fallback, name).toBe(fallbacks.get(name));
    }
    const documented = elementDoc.slice(elementDoc.indexOf('@cssproperty'));
    expect(sorted(documented.slice(0, documented.indexOf('*/')).match(/--fad-[a-z][a-z-]*/g) ?? [])).toEqual(used);
  });

  it('the attributes table and the @attr tags list exactly WIDGET_ATTRIBUTES', () => {
    expect(readmeTable('attribute').map(([name]) => code(name!))).toEqual([...WIDGET_ATTRIBUTES]);
    expect([...elementDoc.matchAll(/@attr ([\w-]+)/g)].map((match) => match[1])).toEqual([...WIDGET_ATTRIBUTES]);
  });

  it('the events table and the @event tags list the events of FranchiseAiDemoEventMap', () => {
    const eventMap = read('src/events.ts');
    const typed = [...eventMap.slice(eventMap.indexOf('interface FranchiseAiDemoEventMap')).matchAll(/^\s+'(franchise-ai-demo-[\w-]+)':/gm)].map(
      (match) => match[1],
    );
    expect(typed).toHaveLength(8);
    expect(readmeTable('event').map(([name]) => code(name!)!)).toEqual(typed);
    expect([...elementDoc.matchAll(/@event ([\w:-]+)/g)].map((match) => match[1])).toEqual(typed);
  });
});
