// The ESM entry for bundler users: `import '@franchise-ai/widget'` registers
// <franchise-ai-demo> in a browser and does nothing during server rendering.
import { defineFranchiseAiDemo } from './first-render/element/define.ts';
import { startUpFailed } from './first-render/element/start-up-failed.ts';

export { defineFranchiseAiDemo, DEFAULT_TAG } from './first-render/element/define.ts';
export type { FranchiseAiDemoElement } from './first-render/element/element.ts';
export type { FranchiseAiDemoEventMap, FranchiseAiDemoEventName, ErrorStage } from './first-render/element/events.ts';
export {
  WIDGET_ATTRIBUTES,
  type FranchiseAiDemoAttributes,
  type WidgetAttribute,
  type WidgetAttributeValue,
} from './first-render/element/attribute-rules.ts';
export type { WidgetProps } from './first-render/element/prop-names.ts';
export type { Step } from './flow/reducer.ts';
export type { BusinessType } from '@franchise-ai/shared/constants';
export type { DemoRequest } from '@franchise-ai/shared/lead-rules';

// A failed registration is reported once, and the page's content inside the element stays (start-up-failed.ts).
try {
  defineFranchiseAiDemo();
} catch (error) {
  startUpFailed(error);
}
