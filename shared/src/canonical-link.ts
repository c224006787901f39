import { Parser } from 'htmlparser2';

// The page a page says it is a copy of (`<link rel="canonical">`, RFC 6596), so that the reader
// keeps one of two addresses of one page. Read where the fetching is, without building the page:
// htmlparser2's tokenizer over the start of the page only, stopped at the body, so a page costs
// at most the few kilobytes of its head whatever its size.

/** Characters of a page's start searched for its canonical link: far more than a head needs (the largest saved real site's is 12 KB). */
export const CANONICAL_SEARCH_CHARS = 64_000;

/** The `href` of the page's first `<link rel="canonical">` in its head, as written; '' when it has none. */
export function canonicalHref(html: string): string {
  let href = '';
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'body') return parser.pause();
        const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
        if (name === 'link' && rel.includes('canonical') && attribs.href) {
          href = attribs.href.trim();
          parser.pause();
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.end(html.slice(0, CANONICAL_SEARCH_CHARS));
  return href;
}
