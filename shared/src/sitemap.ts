import { Parser } from 'htmlparser2';

// A site's sitemap (sitemaps.org): the list of its pages, for a home page that links few of them
// (a menu built by script, a one-page design). Read with htmlparser2 in XML mode, the parser the
// reader already uses, streamed without building a tree, and bounded: a sitemap may hold 50,000
// URLs, and the reader needs a handful.

/** A sitemap as the reader fetched it: where it ended up, and its text. */
export interface SitemapDocument {
  url: string;
  xml: string;
}

/** What the reader does with a sitemap: read these pages; and, from an index, these sitemaps. */
export interface SitemapChoice {
  pages: string[];
  sitemaps: string[];
}

/** `<loc>` entries read from one sitemap at most: far more than the pages read, few enough to score in a few milliseconds. */
export const MAX_SITEMAP_LOCS = 2_000;
/** Characters of one `<loc>` (sitemaps.org allows 2,048): a longer one is no URL worth reading. */
const MAX_LOC_CHARS = 2_048;

/** The `<loc>`s of a sitemap's `<url>` entries (pages) and of a sitemap index's `<sitemap>` entries, in order, at most MAX_SITEMAP_LOCS in all. */
export function sitemapLocations(xml: string): SitemapChoice {
  const found: SitemapChoice = { pages: [], sitemaps: [] };
  let entry: 'url' | 'sitemap' | null = null;
  // An entry's own `<loc>` is its child: an `<image:loc>` deeper in a `<url>` names an image, not a page.
  let depth = 0;
  let entryDepth = -1;
  let loc: string | null = null;
  // Names are compared without their prefix: `<sm:loc>` is a `<loc>` to a sitemap with a prefixed namespace.
  const local = (name: string): string => name.slice(name.lastIndexOf(':') + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentag(name) {
        depth += 1;
        const tag = local(name);
        if ((tag === 'url' || tag === 'sitemap') && entry === null) {
          entry = tag;
          entryDepth = depth;
        } else if (tag === 'loc' && entry && depth === entryDepth + 1) loc = '';
      },
      ontext(text) {
        if (loc !== null && loc.length <= MAX_LOC_CHARS) loc += text;
      },
      onclosetag(name) {
        const tag = local(name);
        if (tag === 'loc' && loc !== null && depth === entryDepth + 1) {
          const value = loc.trim();
          if (value && value.length <= MAX_LOC_CHARS) (entry === 'url' ? found.pages : found.sitemaps).push(value);
          loc = null;
          if (found.pages.length + found.sitemaps.length >= MAX_SITEMAP_LOCS) parser.pause();
        } else if (depth === entryDepth) {
          entry = null;
          entryDepth = -1;
        }
        depth -= 1;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return found;
}
