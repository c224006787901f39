/** "Acme's", but "Acme Burgers'": a name ending in s takes an apostrophe only. */
export function possessive(name: string): string {
  const trimmed = name.trimEnd();
  if (trimmed === '') return trimmed;
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
