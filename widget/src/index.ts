// The ESM entry for bundler users: `import '@franchise-ai/widget'` registers
// <franchise-ai-demo> in a browser and does nothing during server rendering.
import { defineFranchiseAiDemo } from './element/define.ts';
import { startUpFailed } from './element/start-up-failed.ts';

export { defineFranchiseAiDemo, DEFAULT_TAG } from './element/define.ts';
export type { FranchiseAiDemoElement } from './element/element.ts';
export type { FranchiseAiDemoEventMap, FranchiseAiDemoEventName, ErrorStage } from './events.ts';
export {
  WIDGET_ATTRIBUTES,
  type FranchiseAiDemoAttributes,
  type WidgetAttribute,
  type WidgetAttributeValue,
} from './element/attribute-rules.ts';
export type { WidgetProps } from './element/prop-names.ts';
export type { Step } from './after-form/reducer.ts';
export type { BusinessType } from '@franchise-ai/shared/constants';
export type { DemoRequest } from '@franchise-ai/shared/lead-rules';

// A failed registration is reported once, and the page's content inside the element stays (start-up-failed.ts).
try {
  defineFranchiseAiDemo();
} catch (error) {
  startUpFailed(error);
}
