import { parse as parseCsv } from 'csv-parse/sync';
import type { ProfileLocation } from './brand-profile.ts';

// The franchisor's territory list (TERRITORIES_FILE, a CSV or JSON file the operator keeps) and the
// one decision the agent's check_territory tool makes from it: is the place the caller names open,
// reserved, taken, or not in the list. The list is the only authority: a place it does not name is
// "unlisted" (the team will check) even when the website shows a location there, which is said as a
// note and never as an answer. Pure code: the host reads the file and passes its text; the n8n Code
// nodes run it bundled (csv-parse's ESM build, which needs only the global Buffer n8n gives them).
// CSV through csv-parse (node-csv, the most used CSV parser on npm, RFC 4180 quoting, a BOM, errors
// that name their line), records as arrays: its `columns` option defines properties with
// Object.defineProperty, which n8n's sandbox turns into a no-op.

export const TERRITORY_STATUSES = ['open', 'reserved', 'sold'] as const;
export type TerritoryStatus = (typeof TERRITORY_STATUSES)[number];

/** One territory of the list. */
export interface Territory {
  /** Its name as the file writes it ("Lyon", "Manhattan"); null when it has codes only. */
  name: string | null;
  /** The names and codes it covers as the file writes them: ZIP or postcodes, départements, counties, cities. */
  codes: string[];
  status: TerritoryStatus;
  /** Where the file has it ("line 4", "entry 3"), for the operator's logs. */
  at: string;
}

export type TerritoryFile = { ok: true; territories: Territory[] } | { ok: false; problems: string[] };

/** A file larger than this is no territory list (a few thousand territories fit in far less). */
export const MAX_TERRITORY_FILE_CHARS = 2_000_000;
/** The most territories a list may hold. */
export const MAX_TERRITORIES = 20_000;
/** The most problems reported at once: a file that is wrong everywhere is told so with the first ones. */
const MAX_PROBLEMS = 20;

/** Status words the file may use, as placeKey writes them (case and accents aside), English and French. */
const STATUS_WORDS: Record<string, TerritoryStatus> = {
  open: 'open',
  available: 'open',
  ouvert: 'open',
  libre: 'open',
  disponible: 'open',
  reserved: 'reserved',
  reserve: 'reserved',
  sold: 'sold',
  taken: 'sold',
  vendu: 'sold',
  attribue: 'sold',
};

/** What a CSV column or JSON key holds, by its heading as placeKey writes it; other columns are the operator's own and are ignored. */
const COLUMNS: Record<string, 'name' | 'codes' | 'status'> = {
  name: 'name',
  territory: 'name',
  nom: 'name',
  territoire: 'name',
  status: 'status',
  statut: 'status',
  ...Object.fromEntries(
    [
      'codes',
      'code',
      'zip',
      'zips',
      'zip code',
      'zip codes',
      'postcode',
      'postcodes',
      'postal code',
      'postal codes',
      'code postal',
      'codes postaux',
      'county',
      'counties',
      'city',
      'cities',
      'ville',
      'villes',
      'departement',
      'departements',
      'region',
      'regions',
      'state',
      'states',
    ].map((heading) => [heading, 'codes' as const]),
  ),
};

/** The codes of one cell: a list separated by commas, semicolons, bars or line breaks. */
const splitCodes = (cell: string): string[] =>
  cell
    .split(/[,;|\r\n]+/)
    .map((code) => code.trim())
    .filter(Boolean);

/**
 * A place's name or code as the matching compares it: case, accents and punctuation aside ("Saint-
 * Étienne" = "saint etienne", "LYON" = "lyon"), "St"/"Ste" as "Saint"/"Sainte", one space between words.
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (word === 'st' ? 'saint' : word === 'ste' ? 'sainte' : word))
    .join(' ');
}

/** The line and column of a JSON syntax error's position ("at position 13"), when the message gives one. */
function jsonErrorPlace(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  return ` (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

/** The territory a row or entry describes, or what is wrong with it. */
function territoryOf(name: string, codes: string[], status: string, at: string): Territory | string {
  const known = STATUS_WORDS[placeKey(status)];
  if (!known) {
    return status.trim() === ''
      ? `${at}: the status is empty; write open, reserved or sold.`
      : `${at}: the status "${status.trim()}" is not one of open, reserved, sold.`;
  }
  const named = name.trim();
  if (named === '' && codes.length === 0) return `${at}: a territory needs a name or at least one code.`;
  if ([named, ...codes].some((key) => key !== '' && placeKey(key) === '')) return `${at}: a name or code has no letter or digit.`;
  return { name: named || null, codes, status: known, at };
}

function csvTerritories(text: string, file: string): TerritoryFile {
  // The delimiter the header line uses most: French spreadsheets write CSV with semicolons.
  const header = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, mark) => (header.split(mark).length > header.split(best).length ? mark : best));
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      delimiter,
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      comment: '#',
      comment_no_infix: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    return { ok: false, problems: [`${file} is not valid CSV: ${(error as Error).message}.`] };
  }
  // csv-parse counts the line a record ends on; a quoted field may hold line breaks.
  const lineOf = ({ record, info }: { record: string[]; info: { lines: number } }) =>
    info.lines - record.reduce((breaks, field) => breaks + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  const [head, ...rows] = records;
  if (!head) return { ok: false, problems: [`${file} is empty: it needs a header line (name,codes,status) and a line per territory.`] };
  const roles = head.record.map((heading) => COLUMNS[placeKey(heading)]);
  const problems: string[] = [];
  if (!roles.includes('status')) problems.push(`${file} line ${lineOf(head)}: the header has no status column (it reads "${head.record.join(delimiter)}").`);
  if (!roles.includes('name') && !roles.includes('codes')) problems.push(`${file} line ${lineOf(head)}: the header has no name or codes column.`);
  if (problems.length > 0) return { ok: false, problems };
  const territories: Territory[] = [];
  for (const row of rows) {
    const at = `${file} line ${lineOf(row)}`;
    if (row.record.length > head.record.length) {
      problems.push(`${at}: ${row.record.length} fields where the header has ${head.record.length}; quote a field that holds the delimiter.`);
      continue;
    }
    const cells = (role: string) => row.record.filter((_, index) => roles[index] === role);
    const made = territoryOf(cells('name').join(' '), cells('codes').flatMap(splitCodes), cells('status').join(' '), at);
    if (typeof made === 'string') problems.push(made);
    else territories.push(made);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, territories };
}

/** The territory a JSON entry describes (its keys named as the CSV's headings may be), or what is wrong with it. */
function entryTerritory(entry: unknown, at: string): Territory | string {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `${at}: a territory is an object with a name or codes and a status.`;
  const fields: Record<'name' | 'codes' | 'status', unknown[]> = { name: [], codes: [], status: [] };
  for (const [key, value] of Object.entries(entry)) {
    const role = COLUMNS[placeKey(key)];
    if (role) fields[role].push(...(Array.isArray(value) ? value : [value]));
  }
  const number = [...fields.codes, ...fields.name].find((value) => typeof value === 'number');
  if (number !== undefined) return `${at}: write codes as strings ("${number}"): as a number, a code loses its leading zeros (02134, 01).`;
  if ([...fields.name, ...fields.codes, ...fields.status].some((value) => value !== null && typeof value !== 'string')) {
    return `${at}: name, codes and status must be strings (codes may be an array of strings).`;
  }
  const strings = (values: unknown[]) => values.filter((value): value is string => typeof value === 'string');
  return territoryOf(strings(fields.name).join(' '), strings(fields.codes).flatMap(splitCodes), strings(fields.status).join(' '), at);
}

function jsonTerritories(text: string, file: string): TerritoryFile {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (error) {
    const message = (error as Error).message;
    return { ok: false, problems: [`${file} is not valid JSON${jsonErrorPlace(text, message)}: ${message}.`] };
  }
  const list = Array.isArray(data) ? data : typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['territories'] : undefined;
  if (!Array.isArray(list)) return { ok: false, problems: [`${file} must hold an array of territories, or an object whose "territories" is one.`] };
  const problems: string[] = [];
  const territories: Territory[] = [];
  list.forEach((entry: unknown, index) => {
    const made = entryTerritory(entry, `${file} entry ${index + 1}`);
    if (typeof made === 'string') problems.push(made);
    else territories.push(made);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, territories };
}

/** Two territories that name the same place with different statuses: the list contradicts itself. */
function contradictions(territories: readonly Territory[]): string[] {
  const first = new Map<string, Territory>();
  const problems: string[] = [];
  for (const territory of territories) {
    for (const key of new Set(keysOf(territory))) {
      const earlier = first.get(key);
      if (!earlier) first.set(key, territory);
      else if (earlier.status !== territory.status && earlier !== territory) {
        problems.push(`${territory.at}: "${key}" is ${territory.status} here but ${earlier.status} at ${earlier.at.replace(/^.* (line|entry) /, '$1 ')}.`);
      }
    }
  }
  return problems;
}

/**
 * The operator's territory file, from its text: CSV (a header line naming the name, codes and status
 * columns, comma or semicolon separated) or JSON (an array of `{ name, codes, status }`), by the
 * file's extension, else by its first character. Every problem names its line (CSV) or entry (JSON).
 */
export function parseTerritoryFile(text: string, file: string): TerritoryFile {
  if (text.length > MAX_TERRITORY_FILE_CHARS)
    return { ok: false, problems: [`${file} is over ${MAX_TERRITORY_FILE_CHARS} characters: no territory list is that long.`] };
  const json = /\.json$/i.test(file) || (!/\.csv$/i.test(file) && /^\ufeff?\s*[[{]/.test(text));
  const parsed = json ? jsonTerritories(text, file) : csvTerritories(text, file);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.slice(0, MAX_PROBLEMS) };
  if (parsed.territories.length === 0) return { ok: false, problems: [`${file} lists no territory.`] };
  if (parsed.territories.length > MAX_TERRITORIES) return { ok: false, problems: [`${file} lists over ${MAX_TERRITORIES} territories.`] };
  const contradicted = contradictions(parsed.territories);
  return contradicted.length > 0 ? { ok: false, problems: contradicted.slice(0, MAX_PROBLEMS) } : parsed;
}

/** What the agent may say of a place. */
export type TerritoryAnswer =
  /** Every territory the place matches has this status (`sold` is said as taken). */
  | { kind: 'open' | 'reserved' | 'taken'; territories: Territory[] }
  /** The place matches territories of different statuses, or only territories within it ("Lyon" when the list has "Lyon Est"): the caller is to say which. */
  | { kind: 'which'; territories: Territory[] }
  /** The list does not name it; `location`, a location the website shows there (said as a note, never as an answer). */
  | { kind: 'unlisted'; location: ProfileLocation | null };

const keysOf = (territory: Territory): string[] => [territory.name, ...territory.codes].filter((key): key is string => key !== null).map(placeKey);

/** A French département code: 01 to 95, 2A, 2B, 971 to 976. */
const DEPARTEMENT = /^(?:\d{2}|2a|2b|97[1-6])$/;

/** The département of a five-digit French postcode: its first two digits, three overseas, 2A or 2B in Corsica (20000-20199, 20200-20699). */
function departementOf(postcode: string): string {
  if (postcode.startsWith('97')) return postcode.slice(0, 3);
  if (postcode.startsWith('20')) return Number(postcode.slice(2, 3)) < 2 ? '2a' : '2b';
  return postcode.slice(0, 2);
}

/** Where `key`'s words stand in `words` as a run, or -1. */
function runAt(words: readonly string[], key: readonly string[]): number {
  for (let start = 0; start + key.length <= words.length; start++) if (key.every((word, index) => words[start + index] === word)) return start;
  return -1;
}

interface Match<T> {
  item: T;
  /**
   * 1: the place is the key; 2: the place holds the key's words; 3: the place holds a postcode of the
   * key's département (what the caller said beats what is inferred); 4: the key holds the place.
   */
  tier: 1 | 2 | 3 | 4;
  /** The words of the place the key covers: a match inside another's words gives way ("York" in "New York"). */
  from: number;
  to: number;
}

/** How `place` matches each item by its keys, the best way each. */
function matches<T>(place: string, items: readonly T[], keys: (item: T) => string[]): Match<T>[] {
  const words = place.split(' ');
  const found: Match<T>[] = [];
  for (const item of items) {
    let best: Match<T> | null = null;
    for (const key of keys(item)) {
      if (key === '') continue;
      const keyWords = key.split(' ');
      let match: Match<T> | null = null;
      if (key === place) match = { item, tier: 1, from: 0, to: words.length };
      else {
        const at = runAt(words, keyWords);
        // A two-letter code ("LA", "DE", "TX") is a state's only where an address puts one, at the end
        // (before a ZIP at most): inside a name it is a word ("La Rochelle").
        const after = words.slice(at + keyWords.length);
        const placed = !/^\p{L}{1,2}$/u.test(key) || after.every((word) => /^\d+$/.test(word));
        if (at >= 0 && placed) match = { item, tier: 2, from: at, to: at + keyWords.length };
        else if (DEPARTEMENT.test(key)) {
          const postcode = words.findIndex((word) => /^\d{5}$/.test(word) && departementOf(word) === key);
          if (postcode >= 0) match = { item, tier: 3, from: postcode, to: postcode + 1 };
        }
        if (!match && place.length >= 3 && runAt(keyWords, words) >= 0) match = { item, tier: 4, from: 0, to: words.length };
      }
      if (match && (!best || match.tier < best.tier || (match.tier === best.tier && match.to - match.from > best.to - best.from))) best = match;
    }
    if (best) found.push(best);
  }
  const tier = Math.min(...found.map((match) => match.tier));
  const kept = found.filter((match) => match.tier === tier);
  // "New York City" holds both "new york" and "york": the longer run is what the caller said.
  return kept.filter(
    (match) => !kept.some((other) => other !== match && other.from <= match.from && other.to >= match.to && other.to - other.from > match.to - match.from),
  );
}

/** A website location's names, for the note: its city, region and postcode. */
const locationKeys = (location: ProfileLocation): string[] =>
  [location.city, location.region, location.postalCode].filter((key): key is string => !!key).map(placeKey);

/**
 * What the list says of `place` (the caller's words: a city, county, ZIP or postcode, département):
 * the territories it names, exactly or within the caller's words; else the territories within the
 * place; else unlisted, with a location the website shows there as a note.
 */
export function territoryAnswer(place: string, territories: readonly Territory[], siteLocations: readonly ProfileLocation[] = []): TerritoryAnswer {
  const key = placeKey(place);
  if (key === '') return { kind: 'unlisted', location: null };
  const found = matches(key, territories, keysOf);
  if (found.length > 0) {
    const matched = found.map((match) => match.item);
    const statuses = new Set(matched.map((territory) => territory.status));
    if (found[0]!.tier === 4 || statuses.size > 1) return { kind: 'which', territories: matched };
    const status = matched[0]!.status;
    return { kind: status === 'sold' ? 'taken' : status, territories: matched };
  }
  const located = matches(key, siteLocations, locationKeys).filter((match) => match.tier < 4);
  return { kind: 'unlisted', location: located[0]?.item ?? null };
}
