import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProblems, requireBuilt } from '@franchise-ai/test-support/build-output';
import { buildFakeDailyWidget, requireWidgetBuilt, WIDGET } from '../support/build-widget.ts';

// Checks dist/, dist/esm and dist/types are newer than the sources (else names the command); builds only test-dist/ (fake Daily), when stale.
const path = (file: string) => join(WIDGET, file);
export default async function setup(): Promise<void> {
  requireWidgetBuilt(['dist/franchise-ai-demo.js', 'dist/esm/index.js', 'dist/types/index.d.ts']);
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
