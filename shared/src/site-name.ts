import { attribute, elements, squash, type Document } from './html-page.ts';
import { isPlaceholder } from './placeholder-text.ts';

// The business's name as its site gives it, when structured data does not: Open Graph's site name,
// the part of the title every page repeats, the logo's alt text, the copyright line. A template's
// "Page Title", a bare "Home" and the home page's slogan are none of these.

/** A title's parts: "Acme Bagels | Fresh every morning" is "Acme Bagels" and "Fresh every morning". */
export const titleParts = (title: string): string[] =>
  title
    .split(/\s+[|–—-]\s+|\s+::\s+|\s*[|•·]\s*/)
    .map(squash)
    .filter((part) => part && !isPlaceholder(part));

/** The title part most pages share (the brand, beside each page's own words); null when none is shared. */
export function sharedTitlePart(titles: readonly string[]): string | null {
  const counts = new Map<string, { part: string; count: number }>();
  for (const title of titles) {
    for (const part of new Set(titleParts(title))) {
      const key = part.toLowerCase();
      const known = counts.get(key);
      counts.set(key, { part: known?.part ?? part, count: (known?.count ?? 0) + 1 });
    }
  }
  const best = [...counts.values()].filter(({ count }) => count >= 2).sort((a, b) => b.count - a.count)[0];
  // A part on every page that is the whole title of each is a title repeated, which names nothing for sure.
  if (!best || titles.every((title) => squash(title).toLowerCase() === best.part.toLowerCase() && titles.length > 2 && best.part.split(' ').length > 6))
    return null;
  return best.part;
}

/**
 * A name without the words around it: "de l'entreprise Thau Élagage" (a logo's alt text), "par
 * Anaphil Thermique" (a copyright line), marks and punctuation at its ends.
 */
function nameWords(text: string): string {
  return squash(
    text
      .replace(/[™®]/g, '')
      .replace(/^[\s,:–-]+|[\s,:–-]+$/g, '')
      .replace(
        /^(?:(?:by|par|de|du|des|of|the official|site|website|site officiel|official site|responsive|main|header|footer|brand|l['’]entreprise|l['’]entrepise|la soci[ée]t[ée]|soci[ée]t[ée])\s+|l['’])+/i,
        '',
      ),
  );
}

/** The logo's alt text ("Pizza Rita logo" is "Pizza Rita"), when an image says it is the logo. */
export function logoName(doc: Document): string | null {
  for (const image of elements(doc)) {
    if (image.name !== 'img') continue;
    const marks = `${attribute(image, 'class')} ${attribute(image, 'id')} ${attribute(image, 'src')}`;
    if (!/logo/i.test(marks) && !/\blogo\b/i.test(attribute(image, 'alt'))) continue;
    const alt = nameWords(attribute(image, 'alt').replace(/\b(?:logo(?:type)?|image|img|picture|photo|icon|responsive)\b/gi, ' '));
    if (alt.length >= 2 && alt.length <= 60 && !isPlaceholder(alt)) return alt;
  }
  return null;
}

/** Words of a web agency's name, not a business's that a site is for. */
const AGENCY = /\b(?:marketing|web|design|digital|media|studio|agency|agence|interactive|creative|seo|hosting|webmaster)\b/i;

/** The holder a copyright line names: "© 2024 AllStar Wings & Ribs. All rights reserved." is "AllStar Wings & Ribs". */
export function copyrightHolder(text: string): string | null {
  const match =
    /(?:©|&copy;|\(c\)|copyright)\s*(?:copyright\s*)?(?:\d{4}(?:\s*[-–]\s*\d{4})?\s*,?\s*)?(?:by\s+)?([^.|,\n©]{2,60}?)\s*(?:[.|,]|[-–]\s|all rights|tous droits|droits|$)/i.exec(
      text,
    );
  const holder = nameWords(match?.[1]?.replace(/\s*\d{4}(?:\s*[-–]\s*\d{4})?\s*$/, '') ?? '');
  // "© 2022 Pinpoint Marketing Team LLC": the agency that made the site signs some copyright lines.
  return holder && /\p{L}{2}/u.test(holder) && !isPlaceholder(holder) && !AGENCY.test(holder) ? holder : null;
}
