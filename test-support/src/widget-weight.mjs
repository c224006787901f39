// The bridge from bench/ to widget/scripts/widget-weight.mjs (which files of a widget build a page
// fetches, and when): size.mjs, the widget's CI budget, reads it in place; the widget does not
// publish it, so bench/ imports it from here by name. Plain JavaScript: bench/ runs on Node 20.
export { LOADER, WIDGET_DIST, widgetParts } from '../../widget/scripts/widget-weight.mjs';
