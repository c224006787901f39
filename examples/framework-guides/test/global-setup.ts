import { fileURLToPath } from 'node:url';
import { requireBuilt } from '@franchise-ai/test-support/build-output';

// The guides are tested against the widget as it ships: its loader and chunks (the HTML guides in
// Chromium), its ESM entry (WIDGET_ATTRIBUTES) and its declarations (the event names, Next.js's
// typecheck). Built by `pnpm build`, never here.
const widget = (path: string) => fileURLToPath(new URL(`../../../widget/${path}`, import.meta.url));

export default function setup(): void {
  requireBuilt({
    outputs: ['dist/franchise-ai-demo.js', 'dist/esm/index.js', 'dist/types/index.d.ts'].map(widget),
    sources: ['src', 'build', 'vite.config.ts', '../shared/src'].map(widget),
    command: 'npx --yes pnpm@10 --filter @franchise-ai/widget build',
  });
}
