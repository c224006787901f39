// The script-tag entry, built as dist/franchise-ai-demo.js: registers the element (once, should a
// page include the file twice).
import { defineFranchiseAiDemo } from './element/define.ts';

defineFranchiseAiDemo();
