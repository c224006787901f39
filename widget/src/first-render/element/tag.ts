/** The element's tag name, unless the page registers it under another (`defineFranchiseAiDemo(tag)`). */
export const DEFAULT_TAG = 'franchise-ai-demo';
