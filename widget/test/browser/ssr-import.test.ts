import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';

// Server rendering: importing the ESM build (built by global-setup) in Node, where there is no window.
const ESM_ENTRY = fileURLToPath(new URL('../../dist/esm/index.js', import.meta.url));

test('importing the ESM build without a window does not throw, and registering is a no-op', async () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
  const widget = (await import(/* @vite-ignore */ pathToFileURL(ESM_ENTRY).href)) as typeof import('../../src/index.ts');
  expect(widget.DEFAULT_TAG).toBe('franchise-ai-demo');
  expect(widget.WIDGET_ATTRIBUTES).toContain('webhook-base');
  expect(() => widget.defineFranchiseAiDemo()).not.toThrow();
});
