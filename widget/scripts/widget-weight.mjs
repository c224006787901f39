// Which files of a widget build a page fetches, and when: the one place that knows, read by
// size.mjs (the budgets CI holds) and by bench/ (the weight table beside the alternatives) through
// test-support's bridge (@franchise-ai/test-support/widget-weight.mjs). Not published.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WIDGET_DIST = fileURLToPath(new URL('../dist/', import.meta.url));
export const LOADER = 'franchise-ai-demo.js';

/**
 * The script-tag build's parts, as paths relative to `dist`: the loader; the first render (the loader,
 * the entry chunk it adds and that chunk's static imports: everything before the form is usable); the
 * lazy chunks (voice, phone, later steps); and whether any lazy part is reachable without its import().
 */
export function widgetParts(dist = WIDGET_DIST) {
  const read = (file) => readFileSync(join(dist, file), 'utf8');
  const entry = /new URL\("([^"]+)"/.exec(read(LOADER))?.[1];
  if (!entry) throw new Error(`${LOADER} names no entry chunk`);

  // Walk static imports from the entry: everything on this list loads before first render.
  const staticImports = (file) =>
    [...read(file).matchAll(/(?:^|[;}\s])import\s*(?:[^'"`()]*?from\s*)?["'`]\.\/([^"'`]+)["'`]/g)].map((m) => join('chunks', m[1]));
  const chunksBeforeForm = new Set([entry]);
  for (const file of chunksBeforeForm) for (const next of staticImports(file)) chunksBeforeForm.add(next);

  const chunks = readdirSync(join(dist, 'chunks')).map((name) => join('chunks', name));
  const voice = chunks.filter((file) => /vapi-client/.test(file));
  const phone = chunks.filter((file) => /phone-rules/.test(file));
  const later = chunks.filter((file) => /later-steps/.test(file));
  const inFirstRender = (lazy) => [...chunksBeforeForm].some((file) => lazy.includes(file));
  return {
    loader: LOADER,
    /** The chunks the loader brings before first render (the loader itself not included). */
    chunksBeforeForm: [...chunksBeforeForm],
    firstRender: [LOADER, ...chunksBeforeForm],
    voice,
    phone,
    later,
    sdkInFirstRender: inFirstRender(voice) || [...chunksBeforeForm].some((file) => /@vapi-ai|daily-js|callObject/.test(read(file))),
    phoneInFirstRender: inFirstRender(phone),
    laterInFirstRender: inFirstRender(later),
    // Preact's mangled internals (a vnode's children `__k`, a component's hooks `__H`): the first
    // render draws a static shell and leaves Preact to the later steps' chunk (LIFECYCLE.md).
    preactInFirstRender: [...chunksBeforeForm].some((file) => /\.__k\b|\b__H\b/.test(read(file))),
  };
}
