// What the script-tag build's lazy chunks take from the main chunk instead of bundling their own
// copy: one copy of each module the main chunk already holds (the first render has no Preact: it
// comes with the later steps' chunk alone, widget/LIFECYCLE.md). build/classic-chunks.ts reads this
// list: it leaves these imports out of every chunk and hands the chunk `sharedModules` when it runs
// (src/chunks/classic-chunk.ts), and stops the build when a chunk and the main chunk would still
// both contain a module. A module listed here that the first render does not use would join it.
import * as validation from '../form/validation.ts';
import * as savedFlow from '../form/saved-flow.ts';
import * as lazyChunks from './lazy-chunks.ts';
import * as constants from '@franchise-ai/shared/constants';
import * as events from '../events.ts';
import * as dataLayer from '../data-layer.ts';
import * as attributeRules from '../element/attribute-rules.ts';
import * as propNames from '../element/prop-names.ts';
import * as warnOnce from '../element/warn-once.ts';
import * as stylesheet from '../stylesheet.ts';
import * as webUrl from '@franchise-ai/shared/web-url';
import * as blankText from '@franchise-ai/shared/blank-text';
import * as formTexts from '../form/form-texts.ts';

// The build replaces this file (build/classic-chunks.ts): each module becomes a function returning
// only the bindings the chunks import from it, and `sharedModules` a plain object of those, which
// classic-chunk.ts hands each chunk. An object, not this module's namespace: a namespace used as a
// value makes the bundler add its helper, whose `for...in` walks what a page adds to
// Object.prototype too (a string there throws "Getter must be a function"), at the top of the first
// file, so no widget at all. The build stops when this object does not name the imports above, in order.
export const sharedModules = {
  validation,
  savedFlow,
  lazyChunks,
  constants,
  events,
  dataLayer,
  attributeRules,
  propNames,
  warnOnce,
  stylesheet,
  webUrl,
  blankText,
  formTexts,
};
