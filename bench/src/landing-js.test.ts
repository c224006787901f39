import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { landingJsFigure, landingJsProblem, landingScripts } from './landing-js.mjs';

const SCRIPT = fileURLToPath(new URL('./landing-js.mjs', import.meta.url));
const BUDGET: number = JSON.parse(readFileSync(new URL('../../site/package.json', import.meta.url), 'utf8')).sizeBudget.landingJsGzipBytes;

const dists: string[] = [];
afterEach(() =>
  dists.splice(0).forEach((dist) => {
    rmSync(dist, { recursive: true, force: true });
  }),
);

/** A prerendered site's dist with the files given (paths from the site root). */
function fakeDist(files: Record<string, string | Buffer>): string {
  const dist = mkdtempSync(join(tmpdir(), 'landing-js-'));
  dists.push(dist);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  return dist;
}

const page = (head: string) => `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`;

describe("the landing page's scripts before idle", () => {
  it('are its script tags (also those started at first paint), modulepreloads and their static imports, not dynamic imports', () => {
    const dist = fakeDist({
      'index.html': page(
        '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-b.js">' +
          '<template data-after-first-paint><script src="/widget/loader.js" defer></script></template><script src="https://elsewhere.example/x.js"></script>',
      ),
      'assets/index-a.js': 'import{a as e}from"./shared-c.js";import"./side-d.js";e();import(`./hydrate-e.js`);',
      'assets/vendor-b.js': 'export const v=1;',
      'assets/shared-c.js': 'export function a(){}',
      'assets/side-d.js': 'console.log(1)',
      'assets/hydrate-e.js': 'export const hydrate=1;',
      'widget/loader.js': '(()=>{})()',
    });
    expect(landingScripts(dist).sort()).toEqual(['/assets/index-a.js', '/assets/shared-c.js', '/assets/side-d.js', '/assets/vendor-b.js', '/widget/loader.js']);
  });

  it('within budget, pass; over it, fail with a message naming the files and the figure', () => {
    const files = ['/assets/index-a.js', '/assets/shared-c.js'];
    expect(landingJsProblem({ files, gzipBytes: BUDGET, budget: BUDGET })).toBeUndefined();
    const message = landingJsProblem({ files, gzipBytes: BUDGET + 1, budget: BUDGET });
    expect(message).toContain('/assets/index-a.js, /assets/shared-c.js');
    expect(message).toContain(`${BUDGET + 1} bytes gzip, over its ${BUDGET}-byte budget`);
  });

  it('the check CI runs exits 1 naming the file and the figure when a page is over budget, 0 when within', () => {
    // Random bytes do not compress: gzip is a little over their length.
    const over = fakeDist({
      'index.html': page('<script type="module" src="/assets/index-big.js"></script>'),
      'assets/index-big.js': randomBytes(BUDGET + 64),
    });
    const { gzipBytes } = landingJsFigure(over);
    const failed = spawnSync(process.execPath, [SCRIPT, over], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`(/assets/index-big.js) is ${gzipBytes} bytes gzip`);

    const within = fakeDist({ 'index.html': page('<script type="module" src="/assets/index-small.js"></script>'), 'assets/index-small.js': 'console.log(1)' });
    const passed = spawnSync(process.execPath, [SCRIPT, within], { encoding: 'utf8' });
    expect(passed.stderr).toBe('');
    expect(passed.status).toBe(0);
  });
});
