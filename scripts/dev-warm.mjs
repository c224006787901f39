// `pnpm dev` asks each Vite page for every module a browser's first visit would load, before the
// ready block. Vite pre-bundles a page's dependencies only once the first visit asks for them; that
// visit stayed blank while they were bundled, and one that asked for a dependency the
// first bundle missed was reloaded. Asked here first, the bundling is done (each dependency's
// request answers only then) and every module is transformed, so the first visit renders at once.

/** The module scripts a page's HTML loads (Vite's client and the page's entry). */
export function moduleScripts(html) {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map(([tag]) => (/\btype=["']module["']/.test(tag) ? /\bsrc=["']([^"']+)["']/.exec(tag)?.[1] : undefined))
    .filter(Boolean);
}

/**
 * What a module served by Vite imports, statically or dynamically, on the same server: Vite writes
 * every import as a quoted path from the root (`/src/…`, `/node_modules/.vite/deps/…`, `/@fs/…`).
 */
export function moduleImports(code) {
  const found = code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{},\s]*?\bfrom\s*)?\(?\s*["'](\/[^"'\s]+)["']/g);
  return [...new Set([...found].map((m) => m[1]))];
}

/**
 * Loads `page` and, one after another as they are discovered, every module it imports, as a
 * browser would. Resolves when all have answered; a module that fails is left for the visit to
 * show (Vite's overlay), so a broken source never holds the ready block back.
 */
export async function warmPage(page) {
  const seen = new Set();
  const text = async (url) => {
    try {
      const response = await fetch(url);
      return response.ok ? await response.text() : '';
    } catch {
      return '';
    }
  };
  const visit = async (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    await Promise.all(moduleImports(await text(new URL(path, page))).map(visit));
  };
  await Promise.all(moduleScripts(await text(page)).map(visit));
  return seen.size;
}
