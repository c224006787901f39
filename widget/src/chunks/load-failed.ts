/** Shown by the loader (build/loader-plugin.ts) when the widget's code cannot be fetched at all; in copy.ts as `loadFailed`. */
export const LOAD_FAILED = 'The demo could not be loaded. Please check your connection and reload the page.';
