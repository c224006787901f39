import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createManifest } from '../build/custom-elements-manifest.mjs';
import { blockIn, README, README_BLOCKS, README_COMMAND, readmeBlocks, withBlocks } from '../scripts/readme-tables.mjs';

// README.md's reference blocks are written from the manifest (scripts/readme-tables.mjs), which is
// made from the element's doc comment and refuses names that differ from the code's
// (build/custom-elements-plugin.mjs, src/custom-elements.test.ts). Here: the committed README is
// what the sources make now.
const readme = readFileSync(README, 'utf8');
const manifest = createManifest({ widgetDir: fileURLToPath(new URL('../', import.meta.url)) });
const blocks = readmeBlocks(manifest);

describe('README.md is written from custom-elements.json', () => {
  it.each(README_BLOCKS)('its %s block is current', (name) => {
    expect(blockIn(readme, name), `README.md's ${name} block differs from the manifest: run \`${README_COMMAND}\``).toBe(blocks.get(name));
  });
  it('writing the blocks changes nothing else, and refuses a README without its markers', () => {
    const emptied = README_BLOCKS.reduce((text, name) => text.replace(blockIn(text, name), ''), readme);
    expect(withBlocks(emptied, manifest)).toBe(withBlocks(readme, manifest));
    expect(() => withBlocks(readme.replace('<!-- manifest:parts:end -->', ''), manifest)).toThrow(/manifest:parts:end/);
  });
  it("keeps a type's | inside its cell", () => {
    const businessType = /^\| `business-type` \|.*$/m.exec(blocks.get('attributes')!)?.[0];
    expect(businessType?.split(/(?<!\\)\|/).length).toBe(6);
  });
});
