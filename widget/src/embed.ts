// The script-tag entry: loaded by dist/franchise-ai-demo.js, registers the element.
import { defineFranchiseAiDemo } from './element/define.ts';

defineFranchiseAiDemo();
