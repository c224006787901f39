import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copy } from '../../src/copy/copy.ts';

// `pnpm dev`'s watch in a temporary copy: the first build writes both script bundles (not declarations); an edit rebuilds them and the declarations.
const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
const ROOT = join(WIDGET, '..');
/** The script-tag build's one file a page includes, which holds the form. */
const LOADER = 'dist/franchise-ai-demo.js';
// What the React host imports and what typecheck reads: the package's own exports.
const {
  exports: { '.': exported },
} = JSON.parse(readFileSync(join(WIDGET, 'package.json'), 'utf8')) as { exports: Record<'.', { import: string; types: string }> };
const ESM = normalize(exported.import);
const TYPES = normalize(exported.types);
// A cold declaration bundle takes ~15 s idle (~50 s cold); a loaded 2-core machine takes a few times that.
const BUILD_WAIT = { timeout: 150_000, interval: 250 };
const temp = mkdtempSync(join(tmpdir(), 'widget-watch-'));
const copyOfWidget = join(temp, 'widget');
let watcher: ChildProcess | undefined;
let output = '';
const read = (file: string) => readFileSync(join(copyOfWidget, file), 'utf8');
const exists = (file: string) => existsSync(join(copyOfWidget, file));
/** Every file under dist/, relative to the copy. */
const distFiles = () =>
  readdirSync(join(copyOfWidget, 'dist'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(copyOfWidget, join(entry.parentPath, entry.name)));

beforeAll(() => {
  // The sources and build files are copied; dependencies, shared/ and the base tsconfig are the real ones.
  cpSync(WIDGET, copyOfWidget, { recursive: true, filter: (source) => !/^(node_modules|dist|test-dist|test)$/.test(relative(WIDGET, source)) });
  symlinkSync(join(WIDGET, 'node_modules'), join(copyOfWidget, 'node_modules'));
  symlinkSync(join(ROOT, 'shared'), join(temp, 'shared'));
  symlinkSync(join(ROOT, 'tsconfig.base.json'), join(temp, 'tsconfig.base.json'));
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const env = {
    ...process.env,
    PATH: `${join(copyOfWidget, 'node_modules/.bin')}${delimiter}${process.env['PATH']}`,
    FAD_OUT_DIR: undefined,
    FAD_FAKE_DAILY: undefined,
  };
  // Its own process group, so that the cleanup ends the declaration bundler it starts too.
  watcher = spawn(scripts['dev']!, { cwd: copyOfWidget, env, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [watcher.stdout!, watcher.stderr!]) stream.on('data', (chunk: Buffer) => void (output += chunk.toString()));
});

afterAll(async () => {
  if (watcher?.exitCode === null) {
    const exited = new Promise((resolve) => watcher!.once('exit', resolve));
    process.kill(-watcher.pid!, 'SIGTERM');
    await exited;
  }
  rmSync(temp, { recursive: true, force: true });
});

it('the first build writes the script-tag file and the ESM entry; an edit in src/ rebuilds both and writes the declarations, and none goes missing', async () => {
  const outputs = [LOADER, ESM];
  // Once seen under load: the ESM entry and no script-tag file; what the watcher printed says why.
  await expect
    .poll(() => outputs.filter(exists), BUILD_WAIT)
    .toEqual(outputs)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nthe watcher's output:\n${output}`);
    });
  // The form's heading is in both bundles (the ESM entry shares a chunk with its lazy parts, so any of its files).
  const esmFiles = () => distFiles().filter((file) => file.startsWith(dirname(ESM)) && file.endsWith('.js'));
  const bundles = [() => [LOADER], esmFiles];
  const holding = (text: string) => bundles.map((files) => files().some((file) => exists(file) && read(file).includes(text)));
  await expect.poll(() => holding(copy.formHeading), BUILD_WAIT).toEqual([true, true]);
  const before = distFiles();
  // The edit: the heading in src/copy/form-copy.ts, and a type exported from src/index.ts.
  const edited = `${copy.formHeading} (edited ${process.pid})`;
  const copySource = read('src/copy/form-copy.ts');
  expect(copySource).toContain(`'${copy.formHeading}'`);
  writeFileSync(join(copyOfWidget, 'src/copy/form-copy.ts'), copySource.replace(`'${copy.formHeading}'`, `'${edited}'`));
  writeFileSync(join(copyOfWidget, 'src/index.ts'), `${read('src/index.ts')}export type WatchBuildMark = '${edited}';\n`);
  await expect.poll(() => holding(edited), BUILD_WAIT).toEqual([true, true]);
  await expect.poll(() => exists(TYPES) && read(TYPES).includes(edited), BUILD_WAIT).toBe(true);
  const after = distFiles();
  expect(
    before.filter((file) => !after.includes(file)),
    `files gone after the rebuild (output:\n${output})`,
  ).toEqual([]);
}, 400_000);
