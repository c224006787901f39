import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

// `pnpm size` (scripts/size.mjs) on the real build global-setup made: the budgets of package.json.
const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
const { sizeBudget } = JSON.parse(readFileSync(`${WIDGET}package.json`, 'utf8')) as { sizeBudget: { loaderGzipBytes: number; firstRenderGzipBytes: number } };

test('the loader and the first render are within their gzip budgets, and the voice SDK is not in the first render', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/size.mjs'], { cwd: WIDGET }).catch((error: { stdout: string }) => {
    throw new Error(`scripts/size.mjs failed:\n${error.stdout}`);
  });
  const kb = (label: RegExp) => Number(label.exec(stdout)?.[1]);
  expect(kb(/^loader [^:]+: ([\d.]+) KB gzip/m)).toBeLessThanOrEqual(sizeBudget.loaderGzipBytes / 1024);
  expect(kb(/^first render [^:]+: ([\d.]+) KB gzip/m)).toBeLessThanOrEqual(sizeBudget.firstRenderGzipBytes / 1024);
  expect(sizeBudget.firstRenderGzipBytes).toBeLessThanOrEqual(18 * 1024);
  expect(stdout).toContain('voice SDK reachable before the browser call: no');
});
