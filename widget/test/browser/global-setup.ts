import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProblems, requireBuilt } from '@franchise-ai/test-support/build-output';
import { BUILD_SOURCES, buildFakeDailyWidget, WIDGET } from '../support/build-widget.ts';

// Before any browser test: the widget as `pnpm build` made it, checked, never rebuilt here:
// - dist/ (what partner pages load), dist/esm (the server-import and define tests), dist/types
//   (the declarations test), present and newer than the sources, else stop naming the command;
// - the one thing this suite builds itself: the test variant with Daily's client swapped for
//   test/fakes/fake-daily.ts, into test-dist/ (voice tests). It is a fixture, not the package's
//   build: made from the same sources, only when missing or older than dist/ or the fake (and its Daily errors), so at
//   most once per run.
const path = (file: string) => join(WIDGET, file);
export default async function setup(): Promise<void> {
  requireBuilt({
    outputs: ['dist/franchise-ai-demo.js', 'dist/esm/index.js', 'dist/types/index.d.ts'].map(path),
    sources: BUILD_SOURCES,
    command: 'npx --yes pnpm@10 build',
  });
  for (const chunk of readdirSync(path('dist/chunks'))) {
    const code = readFileSync(path(`dist/chunks/${chunk}`), 'utf8');
    if (code.includes('__fakeDaily')) throw new Error(`global setup: the fake Daily is in dist/chunks/${chunk}`);
    if (code.includes(WIDGET)) throw new Error(`global setup: dist/chunks/${chunk} names ${WIDGET} (a development build?)`);
  }
  const fakes = ['fake-daily.ts', 'daily-errors.ts'].map((file) => path(`test/fakes/${file}`));
  const fakeDaily = { outputs: [path('test-dist/franchise-ai-demo.js')], sources: [path('dist/franchise-ai-demo.js'), ...fakes] };
  if (buildProblems(fakeDaily).length > 0) {
    console.log('widget-browser: building the fake-Daily test variant into widget/test-dist');
    await buildFakeDailyWidget();
    requireBuilt({ ...fakeDaily, command: 'the fake-Daily build of widget/test/support/build-widget.ts' });
  }
}
