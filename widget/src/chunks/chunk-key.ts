// What the script-tag build's loader and chunks hand each other on their <script> elements, under
// registered symbols, so that nothing of the widget lands on `window` (SECURITY.md, "The embedding
// page"). build/classic-chunks.ts writes them into their generated code.

/** A lazy chunk files the function that returns its exports on its own <script> element (build/classic-chunks.ts). */
export const CHUNK_KEY = 'franchise-ai-demo.chunk';
/** The Trusted Types policy's name, the one a page's CSP must allow: `trusted-types franchise-ai-demo`. */
export const POLICY_NAME = 'franchise-ai-demo';
