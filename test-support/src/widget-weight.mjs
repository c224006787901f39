// The bridge to widget/scripts/widget-weight.mjs (which files of a widget build a page fetches, and
// when): size.mjs, the widget's CI budget, reads it in place; the widget does not publish it, so
// bench/ and the site's prerender step (the preload hints of its widget pages) import it from here by
// name. Plain JavaScript: both run on Node 20.
export { LOADER, WIDGET_DIST, widgetParts } from '../../widget/scripts/widget-weight.mjs';
