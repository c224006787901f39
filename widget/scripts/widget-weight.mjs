// Which files of a widget build a page fetches, and when: the one place that knows, read by
// size.mjs (the budgets CI holds) and by bench/ (the weight table beside the alternatives) through
// test-support's bridge (@franchise-ai/test-support/widget-weight.mjs). Not published.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WIDGET_DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** The one file a page includes (src/first-render/chunks/file-name.ts), which holds everything before the form is usable. */
export const LOADER = 'franchise-ai-demo.js';

/**
 * The script-tag build's parts, as paths relative to `dist`: the first render (the one file a page
 * includes: everything before the form is usable, no request after it); the lazy chunks (voice,
 * phone, later steps, the chat, the answer without an assistant id) and every chunk built; and whether any
 * lazy part is in the first render.
 */
export function widgetParts(dist = WIDGET_DIST) {
  const first = readFileSync(join(dist, LOADER), 'utf8');
  // A first render that still adds a chunk of its own before the form (the build of old, a loader
  // and a main chunk) would be weighed short: refuse it.
  if (/new URL\("chunks\/franchise-ai-demo-/.test(first))
    throw new Error(`${LOADER} adds another chunk before the form: weigh that build with its own scripts`);
  const chunks = readdirSync(join(dist, 'chunks')).map((name) => join('chunks', name));
  const voice = chunks.filter((file) => /vapi-client/.test(file));
  const phone = chunks.filter((file) => /phone-rules/.test(file));
  const later = chunks.filter((file) => /later-steps/.test(file));
  const missingAssistantId = chunks.filter((file) => /missing-assistant-id/.test(file));
  const chat = chunks.filter((file) => /\/chat-/.test(file));
  // A French page's first render waits for the French texts and shell too.
  const french = chunks.filter((file) => /french-/.test(file));
  // Each lazy part's code, by a mark only it carries: the voice SDK's call object, libphonenumber's
  // metadata, the later steps' call-scheduled screen (the spec's 'Call Scheduled!').
  return {
    firstRender: [LOADER],
    frenchFirstRender: [LOADER, ...french],
    voice,
    phone,
    later,
    missingAssistantId,
    chat,
    chunks,
    sdkInFirstRender: /@vapi-ai|daily-js|callObject/.test(first),
    phoneInFirstRender: /countryCallingCodes/.test(first),
    laterInFirstRender: /Call Scheduled!/.test(first),
    // Preact's mangled internals (a vnode's children `__k`, a component's hooks `__H`): the first
    // render draws a static shell and leaves Preact to the later steps' chunk (LIFECYCLE.md).
    preactInFirstRender: /\.__k\b|\b__H\b/.test(first),
  };
}
