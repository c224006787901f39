// The ESM entry for bundler users: `import '@franchise-ai/widget'` registers
// <franchise-ai-demo> in a browser and does nothing during server rendering.
import { defineFranchiseAiDemo } from './define.ts';

export { defineFranchiseAiDemo, DEFAULT_TAG } from './define.ts';
export type { FranchiseAiDemoElement } from './element.ts';
export type { FranchiseAiDemoEventMap, FranchiseAiDemoEventName, ErrorStage } from './events.ts';
export {
  WIDGET_ATTRIBUTES,
  type FranchiseAiDemoAttributes,
  type WidgetAttribute,
  type WidgetAttributeValue,
  type WidgetProps,
} from './attributes.ts';
export type { Step } from './flow/flow.ts';
export type { BusinessType } from '@franchise-ai/shared/constants';
export type { DemoRequest } from '@franchise-ai/shared/lead-rules';

defineFranchiseAiDemo();
