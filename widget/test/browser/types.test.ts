import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';

// The published package as a consumer meets it: dist/types installed with the exports map and no @franchise-ai/shared; the ESM build in Node.
const run = promisify(execFile);
const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
// The compiler's launcher, read from its package.json: TypeScript 7 exports no bin/ path.
const TYPESCRIPT = createRequire(import.meta.url).resolve('typescript/package.json');
const TSC = join(dirname(TYPESCRIPT), (JSON.parse(readFileSync(TYPESCRIPT, 'utf8')) as { bin: { tsc: string } }).bin.tsc);
const consumer = mkdtempSync(join(tmpdir(), 'fad-types-consumer-'));
const installed = join(consumer, 'node_modules/@franchise-ai/widget');
const types = join(installed, 'dist/types');

beforeAll(() => {
  mkdirSync(installed, { recursive: true });
  cpSync(join(WIDGET, 'package.json'), join(installed, 'package.json'));
  // What `pnpm build` made (the test run builds once, before any test).
  cpSync(join(WIDGET, 'dist/types'), types, { recursive: true });
});
afterAll(() => rmSync(consumer, { recursive: true, force: true }));
const declarations = () =>
  readdirSync(types, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => ({ file, source: readFileSync(join(types, file), 'utf8') }));
/** The declaration files the package's exports name, relative to dist/types/. */
const exported = (): string[] => {
  const { exports } = JSON.parse(readFileSync(join(WIDGET, 'package.json'), 'utf8')) as { exports: Record<string, { types?: string } | string> };
  return Object.values(exports)
    .flatMap((entry) => (typeof entry === 'object' && entry.types?.startsWith('./dist/types/') ? [entry.types.slice('./dist/types/'.length)] : []))
    .sort();
};

test('each entry point has one self-contained declaration file that imports nothing', () => {
  const all = declarations();
  expect(exported()).toEqual(['index.d.ts', 'rules.d.ts']);
  expect(all.map(({ file }) => file).sort()).toEqual(exported());
  for (const { file, source } of all) expect(source, file).not.toMatch(/\bimport\b|\bfrom\s+['"]|@franchise-ai\/shared/);
  // Inlined from @franchise-ai/shared, not referenced.
  const index = all.find(({ file }) => file === 'index.d.ts')!.source;
  expect(index).toContain('export interface DemoRequest');
  expect(index).toContain('export type BusinessType');
});

test('a TypeScript project outside the workspace resolves Step, DemoRequest, BusinessType and the typed events', async () => {
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        noEmit: true,
        strict: true,
        skipLibCheck: false, // check the installed declarations too: an unresolved import is an error
        module: 'esnext',
        moduleResolution: 'bundler',
        target: 'es2022',
        lib: ['es2023', 'dom'],
        types: [],
      },
      files: ['consumer.ts'],
    }),
  );
  // Each @ts-expect-error fails the check if the type it guards has decayed to `any`.
  writeFileSync(
    join(consumer, 'consumer.ts'),
    `import { defineFranchiseAiDemo, WIDGET_ATTRIBUTES, type BusinessType, type DemoRequest, type FranchiseAiDemoAttributes, type Step } from '@franchise-ai/widget';
const step: Step = 'browser-call';
// @ts-expect-error not a step
const notAStep: Step = 'checkout';
const businessType: BusinessType = 'franchisee';
// @ts-expect-error not a business type
const notABusinessType: BusinessType = 'owner';
const request: DemoRequest = { name: 'Jane', company: 'Acme', email: 'jane@acme.com', businessType: 'franchisor' };
// @ts-expect-error a request has a company and an email
const notARequest: DemoRequest = { name: 'Jane', businessType: 'franchisor' };
const markup: FranchiseAiDemoAttributes = { 'webhook-base': 'https://hooks.example.com/webhook/acme', 'business-type': businessType };
const element = document.createElement('franchise-ai-demo');
const homeUrl: string | undefined = element.homeUrl;
element.addEventListener('franchise-ai-demo-step', (event) => {
  const current: Step = event.detail.step;
  // @ts-expect-error the detail is typed
  const wrong: number = event.detail.step;
  console.log(current, wrong);
});
element.addEventListener('franchise-ai-demo-submit', (event) => console.log(event.detail.request.company));
defineFranchiseAiDemo('acme-ai-demo');
console.log(step, notAStep, notABusinessType, request, notARequest, markup, homeUrl, WIDGET_ATTRIBUTES);
`,
  );
  const result = await run(process.execPath, [TSC, '-p', consumer], { cwd: consumer }).then(
    () => 'ok',
    (error: { stdout: string }) => error.stdout,
  );
  expect(result).toBe('ok');
});

test('importing the ESM build without a window does not throw, and registering is a no-op', async () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
  const esm = pathToFileURL(join(WIDGET, 'dist/esm/index.js')).href;
  const widget = (await import(/* @vite-ignore */ esm)) as typeof import('../../src/index.ts');
  expect(widget.DEFAULT_TAG).toBe('franchise-ai-demo');
  expect(widget.WIDGET_ATTRIBUTES).toContain('webhook-base');
  expect(() => widget.defineFranchiseAiDemo()).not.toThrow();
});
