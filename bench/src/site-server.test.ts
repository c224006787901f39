// staleSite (site-server.mjs): the site's build is timed only when it carries the widget build of
// widget/dist. Temporary folders, no server, no browser.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { staleSite } from './site-server.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder holding `files` (path → text). */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'site-server-test-'));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const widgetDist = () => folder({ 'franchise-ai-demo.js': 'new();', 'chunks/later-steps-NEW1.js': 'export{}' });

test('a site build that carries the current script-tag file, wherever it keeps it, is fine', () => {
  const siteDist = folder({ 'index.html': '<!doctype html>', 'widget/v2/franchise-ai-demo.js': 'new();' });
  expect(staleSite({ siteDist, widgetDist: widgetDist() })).toBeUndefined();
});

test('no site build, or one with an older widget, is named with the command that fixes it', () => {
  const none = folder({});
  expect(staleSite({ siteDist: none, widgetDist: widgetDist() })).toMatch(/^no .*index\.html: run `npx --yes pnpm@10 --filter @franchise-ai\/site build`/);
  const old = folder({ 'index.html': '<!doctype html>', 'widget/franchise-ai-demo.js': 'old();' });
  expect(staleSite({ siteDist: old, widgetDist: widgetDist() })).toMatch(/carries another widget build .*\(no copy of its franchise-ai-demo\.js\): run /);
});
