import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRealWidget, buildWidget, WIDGET } from '../support/build-widget.ts';

// Builds the widget before any browser test runs:
// - the real build into widget/dist (what partner pages load), plus the ESM build
//   (dist/esm, for the server-import test);
// - a test build with Daily's client swapped for test/fakes/fake-daily.ts, into widget/test-dist.
export default async function setup(): Promise<void> {
  await buildRealWidget();
  await buildWidget({ FAD_FAKE_DAILY: undefined, FAD_OUT_DIR: undefined }, { mode: 'esm' });
  await buildWidget({ FAD_FAKE_DAILY: '1', FAD_OUT_DIR: 'test-dist' });
  for (const file of ['dist/franchise-ai-demo.js', 'dist/esm/index.js', 'test-dist/franchise-ai-demo.js']) {
    if (!existsSync(join(WIDGET, file))) throw new Error(`global setup: the build did not write widget/${file}`);
  }
  for (const chunk of readdirSync(join(WIDGET, 'dist/chunks'))) {
    const code = readFileSync(join(WIDGET, 'dist/chunks', chunk), 'utf8');
    if (code.includes('__fakeDaily')) throw new Error(`global setup: the fake Daily is in dist/chunks/${chunk}`);
    if (code.includes(WIDGET)) throw new Error(`global setup: dist/chunks/${chunk} names ${WIDGET} (a development build?)`);
  }
}
