// Words a site template ships with and its owner never replaced ("Page Title", "Page Description",
// "Home"): on a real site they stand where the name or description should be, and are neither.

const PLACEHOLDER =
  /^(?:page title|page description|description here|(?:your|my) (?:site|company|business|website) (?:name|title|description)|site (?:title|name|description)|title|description|home|home ?page|welcome|welcome to (?:our|my) (?:site|website)|untitled(?: document| page)?|new page|index|default|test|accueil|page d['’]accueil|bienvenue|bienvenue sur (?:notre|mon) site|titre(?: de la page)?|sans titre|my (?:wordpress )?(?:site|blog)|just another wordpress site|another wordpress site|lorem ipsum.*)$/i;

/** Whether `text` is template text, not the site's own words: a placeholder, or lorem ipsum anywhere. */
export const isPlaceholder = (text: string): boolean => {
  const words = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!:|–-]+$/, '')
    .trim();
  return words === '' || PLACEHOLDER.test(words) || /lorem ipsum/i.test(words);
};
