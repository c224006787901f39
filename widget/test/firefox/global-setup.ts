import { join } from 'node:path';
import { requireBuilt } from '@franchise-ai/test-support/build-output';
import { BUILD_SOURCES, WIDGET } from '../support/build-widget.ts';

// Checks dist/ is built and newer than its sources (else names the command); builds nothing: `pnpm test` builds once for both suites.
const path = (file: string) => join(WIDGET, file);
export default function setup(): void {
  requireBuilt({
    outputs: [path('dist/franchise-ai-demo.js')],
    sources: BUILD_SOURCES,
    command: 'npx --yes pnpm@10 build',
  });
}
