/**
 * A name's possessive as the copy writes it: "Acme's", but "Acme Burgers'" (a name ending in s
 * takes an apostrophe only). The one place the widget builds a possessive from a name.
 */
export function possessive(name: string): string {
  const trimmed = name.trimEnd();
  if (trimmed === '') return trimmed;
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
