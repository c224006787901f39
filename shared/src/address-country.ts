// The country a page's own addresses and numbers name, when its domain and language do not: a
// UK postcode, a Canadian postal code beside its province, a Singapore or Indian postal code beside
// the country's or a city's name, a Belgian or Swiss number. A French page in Québec, an English one
// in Bradford, read for France and the United States, would find none of their phone numbers.

const SIGNS: readonly { country: string; sign: RegExp }[] = [
  { country: 'CA', sign: /\b(?:QC|ON|BC|AB|MB|NS|NB|NL|PE|SK|Qu[ée]bec|Ontario)\b,?\s+[A-Z]\d[A-Z] ?\d[A-Z]\d\b/u },
  {
    country: 'GB',
    sign: /\b(?:[A-Z]{1,2}\d[A-Z\d]?) ?\d[ABD-HJLNP-UW-Z]{2}\b(?=[^\n]{0,40}(?:\bUK\b|United Kingdom|England|Scotland|Wales|\n|$))|(?:\+44|\b0044)\s?\(?0?\)?\s?\d{2,4}/,
  },
  { country: 'SG', sign: /\bSingapore\s+\d{6}\b|\+65\s?\d{4}/i },
  {
    country: 'IN',
    sign: /\b(?:India|Mumbai|Delhi|Pune|Bangalore|Bengaluru|Chennai|Hyderabad|Kolkata|Ahmedabad)\b[^\n]{0,30}\b\d{3}\s?\d{3}\b|\+91[\s-]?\d{5}/,
  },
  { country: 'BE', sign: /\b(?:Belgique|Belgium|Belgi[eë])\b|\+32\s?\(?0?\)?\s?\d|\b00\s?32\b/ },
  { country: 'CH', sign: /\b(?:Suisse|Schweiz|Switzerland|Svizzera)\b|\+41\s?\d/ },
  { country: 'LU', sign: /\bLuxembourg\b[^\n]{0,20}\bL-\d{4}\b|\+352\s?\d/ },
];

/** The country the text's addresses or international numbers name, or null when none does. */
export function addressCountry(text: string): string | null {
  const sample = text.slice(0, 200_000);
  for (const { country, sign } of SIGNS) if (sign.test(sample)) return country;
  return null;
}
