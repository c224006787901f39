import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// Docs link to each other instead of saying a thing twice, so a renamed heading or moved file must
// not leave a link pointing nowhere.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const docs = execFileSync('git', ['-C', ROOT, 'ls-files', '*.md'], { encoding: 'utf8' }).split('\n').filter(Boolean);

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count ? `${slug}-${count}` : slug);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(id!);
  return found;
}

/** Every relative link in `file` whose file or heading does not exist. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z]+:|^\/\//i.test(target!)) continue;
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = path ? join(dirname(join(ROOT, file)), decodeURIComponent(path)) : join(ROOT, file);
    if (!existsSync(resolved)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(anchor))
      broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(ROOT, resolved)})`);
  }
  return broken;
}

test('the anchors are the ones GitHub makes', () => {
  expect([...anchors('# The voice provider (Vapi)\n## Sizes\n## Sizes\n```\n# not a heading\n```')]).toEqual(['the-voice-provider-vapi', 'sizes', 'sizes-1']);
});

test('every relative link between the docs leads to a file and heading that exist', () => {
  expect(docs.length).toBeGreaterThan(10);
  expect(docs.flatMap(brokenLinks)).toEqual([]);
});
