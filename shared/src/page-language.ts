// Which language a page is written in, English or French, from its words: a page's `lang` attribute
// is often the template's ("en" on a French bakery's pages), its words are not.

const FRENCH = /^(?:le|la|les|des|du|de|et|est|une|un|vous|nous|pour|avec|dans|sur|votre|vos|nos|notre|au|aux|qui|que|pas|sont|plus|ou|en)$/;
const ENGLISH = /^(?:the|and|is|are|you|your|our|we|for|with|in|on|of|to|a|an|that|this|from|or|by|at|be|it)$/;

/** `fr` or `en` by which language's common words the text uses more; null with too few words to tell. */
export function textLanguage(text: string): 'fr' | 'en' | null {
  let french = 0;
  let english = 0;
  let words = 0;
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (!word) continue;
    words += 1;
    if (FRENCH.test(word)) french += 1;
    else if (ENGLISH.test(word)) english += 1;
    // Enough words to tell, and no need to read a long page to the end.
    if (words >= 2_000) break;
  }
  if (french + english < 8) return null;
  return french > english ? 'fr' : 'en';
}
