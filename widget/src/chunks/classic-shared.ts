// What the script-tag build's lazy chunks take from the main chunk instead of bundling their own
// copy: one Preact (two would break hooks), one copy of each module the main chunk already holds.
// build/classic-chunks.ts reads this list: it leaves these imports out of every chunk and hands the
// chunk these namespaces when it runs (src/chunks/classic-chunk.ts), and stops the build when a chunk and
// the main chunk would still both contain a module.
export * as preact from 'preact';
export * as preactHooks from 'preact/hooks';
export * as preactJsxRuntime from 'preact/jsx-runtime';
export * as firstCopy from '../form/copy.ts';
export * as formFlow from '../form/reducer.ts';
export * as validation from '../form/validation.ts';
export * as cardList from '../form/card-list.tsx';
export * as field from '../form/field.tsx';
export * as lazyChunks from './lazy-chunks.ts';
export * as constants from '@franchise-ai/shared/constants';
export * as events from '../events.ts';
export * as webUrl from '@franchise-ai/shared/web-url';
export * as leadExamples from '@franchise-ai/shared/lead-examples';
export * as figures from '../figures.ts';
export * as blankText from '@franchise-ai/shared/blank-text';
