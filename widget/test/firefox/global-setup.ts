import { requireWidgetBuilt } from '../support/build-widget.ts';

// Checks dist/ is built and newer than its sources (else names the command); builds nothing: `pnpm test` builds once for both suites.
export default function setup(): void {
  requireWidgetBuilt(['dist/franchise-ai-demo.js']);
}
