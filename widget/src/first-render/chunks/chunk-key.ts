// Registered symbols on <script> elements, so nothing of the widget lands on `window` (SECURITY.md).

/** A lazy chunk files the function that returns its exports on its own <script> element (build/classic-chunks.ts). */
export const CHUNK_KEY = 'franchise-ai-demo.chunk';
/** The Trusted Types policy's name, the one a page's CSP must allow: `trusted-types franchise-ai-demo`. */
export const POLICY_NAME = 'franchise-ai-demo';
