/** The one file a page includes (dist/franchise-ai-demo.js): the build names it, and as a module script it finds its own tag by it. */
export const FILE_NAME = 'franchise-ai-demo.js';
