/** Shown when a part of the widget's code cannot be fetched (the form's later steps, src/first-render/shell/shell-root.ts); in copy.ts as `loadFailed`. */
export const LOAD_FAILED = 'The demo could not be loaded. Please check your connection and reload the page.';
