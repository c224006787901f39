// One import for what the browser files share: the flow's steps and readers, the suite, the stub host, the copy.
export * from '@franchise-ai/shared/constants';
export * from '@franchise-ai/test-support/deferred';
export * from '@franchise-ai/test-support/leads';
export * from '@franchise-ai/test-support/poll';
export * from '@franchise-ai/test-support/widget-flow';
export * from '../../src/copy/copy.ts';
export * from '../../src/figures.ts';
export * from './accessible-at-widths.ts';
export * from './browser-call.ts';
export * from './events.ts';
export * from './layout.ts';
export * from './motion.ts';
export * from './pages.ts';
export * from './steps.ts';
export * from './stub-host.ts';
export * from './suite.ts';
export * from './chat-host.ts';
