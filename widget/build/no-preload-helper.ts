import type { Plugin } from 'vite';

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps every dynamic `import()` of a browser build in `__vitePreload`, a helper of about
 * 0.6 KB gzip that preloads the imported chunk's CSS and static imports and reports failures as a
 * `vite:preloadError` event on `window`, even with `build.modulePreload: false`
 * (https://github.com/vitejs/vite/issues/18551). The widget's only lazy chunk (the voice SDK) has
 * no CSS (the styles are one inline sheet) and no shared chunk to preload, so the helper becomes a
 * pass-through. The build fails if a chunk ever imports CSS, which the helper would have loaded.
 */
export function noPreloadHelper(): Plugin {
  return {
    name: 'franchise-ai-demo-no-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load();';
      return null;
    },
    generateBundle(_output, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.viteMetadata && file.viteMetadata.importedCss.size > 0) {
          this.error(`${file.fileName} imports CSS, which the pass-through preload helper would not load`);
        }
      }
    },
  };
}
