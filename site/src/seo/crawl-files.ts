// robots.txt and sitemap.xml, written next to the pages at build time (scripts/prerender.mjs).

/** Where the sitemap is served, relative to the site's root. */
export const SITEMAP_PATH = '/sitemap.xml';

/** Every crawler may read everything; the sitemap is named by its absolute address, as the format requires. */
export const robotsTxt = (origin: string): string => `User-agent: *\nAllow: /\n\nSitemap: ${origin}${SITEMAP_PATH}\n`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

/** A page of the sitemap: its absolute address and, for a translated page, every language's (hreflang, as in its head). */
export interface SitemapEntry {
  url: string;
  alternates?: ReadonlyArray<{ hreflang: string; href: string }>;
}

const alternateLinks = (entry: SitemapEntry): string =>
  (entry.alternates ?? [])
    .map(({ hreflang, href }) => `\n    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`)
    .join('');

/**
 * A sitemaps.org urlset listing `entries` in order, each translated page with its languages as
 * xhtml:link alternates (how search engines read hreflang in a sitemap).
 */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map((entry) => {
      const links = alternateLinks(entry);
      return `  <url><loc>${escapeXml(entry.url)}</loc>${links}${links ? '\n  ' : ''}</url>\n`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}</urlset>\n`;
}
