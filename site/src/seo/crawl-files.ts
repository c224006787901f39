// robots.txt and sitemap.xml, written next to the pages at build time (scripts/prerender.mjs).

/** Where the sitemap is served, relative to the site's root. */
export const SITEMAP_PATH = '/sitemap.xml';

/** Every crawler may read everything; the sitemap is named by its absolute address, as the format requires. */
export const robotsTxt = (origin: string): string => `User-agent: *\nAllow: /\n\nSitemap: ${origin}${SITEMAP_PATH}\n`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

/** A sitemaps.org urlset listing `urls` (absolute page addresses) in order. */
export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</urlset>\n`;
}
