// What the script-tag build's loader and chunks hand each other on their <script> elements, under
// registered symbols, so that nothing of the widget lands on `window` (SECURITY.md, "The embedding
// page"). build/loader-plugin.ts and build/classic-chunks.ts write them into their generated code.

/** A lazy chunk files the function that returns its exports on its own <script> element (build/classic-chunks.ts). */
export const CHUNK_KEY = 'franchise-ai-demo.chunk';
/** The loader hands the main chunk its Trusted Types policy on the main chunk's <script> element. */
export const POLICY_KEY = 'franchise-ai-demo.trusted-types';
/** The Trusted Types policy's name, the one a page's CSP must allow: `trusted-types franchise-ai-demo`. */
export const POLICY_NAME = 'franchise-ai-demo';
