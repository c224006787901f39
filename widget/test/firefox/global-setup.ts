import { join } from 'node:path';
import { requireBuilt } from '@franchise-ai/test-support/build-output';
import { BUILD_SOURCES, WIDGET } from '../support/build-widget.ts';

// Before the Firefox suite: the script-tag build partner pages load (dist/), as `pnpm build` made
// it, there and newer than its sources, else stop naming the command. It builds nothing: the
// widget-browser suite's setup checks the same build, and `pnpm test` builds it once before both.
const path = (file: string) => join(WIDGET, file);
export default function setup(): void {
  requireBuilt({
    outputs: [path('dist/franchise-ai-demo.js')],
    sources: BUILD_SOURCES,
    command: 'npx --yes pnpm@10 build',
  });
}
