import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANCHORS, markdown, OURS, weigh, weightTable } from './weight.mjs';

const dirs: string[] = [];
afterEach(() =>
  dirs.splice(0).forEach((dir) => {
    rmSync(dir, { recursive: true, force: true });
  }),
);

function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'weight-'));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

// A widget build shaped like the real one: the file a page includes, lazy chunks beside it.
const widgetDist = () =>
  tree({
    'franchise-ai-demo.js': randomBytes(9000),
    'chunks/later-steps-y.js': randomBytes(50_000),
    'chunks/vapi-client-z.js': randomBytes(90_000),
    'chunks/phone-rules-w.js': randomBytes(70_000),
  });
const nodeModules = () =>
  tree(
    Object.fromEntries(
      ANCHORS.flatMap(({ pkg, file }: { pkg: string; file: string }, index: number) => [
        [join(pkg, 'package.json'), JSON.stringify({ name: pkg, version: `9.9.${index}` })],
        [join(pkg, file), randomBytes(6000 * (index + 1))],
      ]),
    ),
  );

describe('the weight table', () => {
  it("weighs our first render (the one file a page includes, no lazy chunk) against each anchor's script-tag file, naming its installed version", () => {
    const dist = widgetDist();
    const modules = nodeModules();
    const { columns, rows, figures } = weightTable({ widgetDist: dist, nodeModules: modules });
    expect(figures.firstRender).toEqual(weigh([join(dist, 'franchise-ai-demo.js')]));
    expect(columns.map(({ name }: { name: string }) => name)).toEqual([
      'this widget',
      ...ANCHORS.map(({ name }: { name: string }, index: number) => `${name} 9.9.${index}`),
    ]);
    const files = rows.find(({ label }: { label: string }) => label.startsWith('script(s)')).cells;
    for (const { id, pkg, file } of ANCHORS) expect(files[id]).toBe(`${pkg}/${file}`);
    const ratios = rows.find(({ label }: { label: string }) => label === 'JS before ready, gzip, × ours').cells;
    for (const [index, { id }] of ANCHORS.entries()) expect(ratios[id]).toBe(`${(figures.anchors[index].sizes.gzip / figures.firstRender.gzip).toFixed(1)}×`);
    expect(ratios[OURS]).toBe('1.0×');
  });

  it('prints a Markdown table with a dash where a column has no figure', () => {
    const text = markdown({
      columns: [
        { id: OURS, name: 'this widget' },
        { id: 'a', name: 'A 1.0' },
      ],
      rows: [{ label: 'voice', cells: { [OURS]: '1 KB' } }],
    });
    expect(text.split('\n')).toEqual(['|  | this widget | A 1.0 |', '| --- | --- | --- |', '| voice | 1 KB | — |']);
  });
});
