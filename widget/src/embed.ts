// The script-tag entry, built as dist/franchise-ai-demo.js: registers the element (once, should a
// page include the file twice). A registration that fails is reported once, and the elements keep
// showing the page's own content (start-up-failed.ts).
import { defineFranchiseAiDemo } from './first-render/element/define.ts';
import { startUpFailed } from './first-render/element/start-up-failed.ts';

try {
  defineFranchiseAiDemo();
} catch (error) {
  startUpFailed(error);
}
