// The one bridge from tests and scripts outside widget/ to the widget's own texts and figures.
// They are not part of the widget's published API (its package exports the element, its types and
// its events, not every string it shows), so there is no package import for them: this module
// re-exports them from the widget's source, and a page under test is checked against exactly what
// the widget renders. Everything outside widget/ imports them from here, never by its own relative path.
export { copy, type Copy } from '../../widget/src/copy/copy.ts';
export { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../../widget/src/figures.ts';
