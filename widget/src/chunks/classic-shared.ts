// What the script-tag build's lazy chunks take from the main chunk instead of bundling their own
// copy: one copy of each module the main chunk already holds (the first render has no Preact: it
// comes with the later steps' chunk alone, widget/LIFECYCLE.md). build/classic-chunks.ts reads this
// list: it leaves these imports out of every chunk and hands the chunk these namespaces when it runs
// (src/chunks/classic-chunk.ts), and stops the build when a chunk and the main chunk would still
// both contain a module. A module listed here that the first render does not use would join it.
export * as validation from '../form/validation.ts';
export * as savedFlow from '../form/saved-flow.ts';
export * as lazyChunks from './lazy-chunks.ts';
export * as constants from '@franchise-ai/shared/constants';
export * as events from '../events.ts';
export * as dataLayer from '../data-layer.ts';
export * as attributeRules from '../element/attribute-rules.ts';
export * as propNames from '../element/prop-names.ts';
export * as warnOnce from '../element/warn-once.ts';
export * as stylesheet from '../stylesheet.ts';
export * as webUrl from '@franchise-ai/shared/web-url';
export * as blankText from '@franchise-ai/shared/blank-text';
export * as formTexts from '../form/form-texts.ts';
