import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProfileLocation } from './brand-profile.ts';
import { parseTerritoryFile, placeKey, territoryAnswer, type Territory, type TerritoryAnswer } from './territories.ts';

const DOCS = new URL('../../docs/', import.meta.url);

/** The territories of a file that must parse. */
function territoriesOf(text: string, file = 'territories.csv'): Territory[] {
  const parsed = parseTerritoryFile(text, file);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.territories;
}

/** A file's problems (none when it parses). */
const problemsOf = (text: string, file = 'territories.csv'): string[] => {
  const parsed = parseTerritoryFile(text, file);
  return parsed.ok ? [] : parsed.problems;
};

/** The answer's kind and the names (or first codes) of its territories. */
const said = (answer: TerritoryAnswer) =>
  answer.kind === 'unlisted'
    ? { kind: answer.kind, location: answer.location?.city ?? null }
    : { kind: answer.kind, territories: answer.territories.map((t) => t.name ?? t.codes[0]) };

const CSV = [
  'name,codes,status,owner',
  'Lyon,"69001, 69002; 69003",sold,Jane',
  'Saint-Étienne,,open,',
  'Rhône,69,reserved,',
  'Manhattan,10001|10002,open,',
  'Brooklyn,Kings County,sold,',
  'New York,,reserved,',
  'York,,open,',
  'Corse-du-Sud,2A,open,',
  'Louisiana,LA,sold,',
  'Lyon Est,,open,',
  'Lyon Ouest,,sold,',
].join('\n');

describe('the territory file', () => {
  it('CSV: name, codes split on , ; |, status; other columns are the operator’s and are ignored', () => {
    const [lyon, etienne] = territoriesOf(CSV);
    expect(lyon).toEqual({ name: 'Lyon', codes: ['69001', '69002', '69003'], status: 'sold', at: 'territories.csv line 2' });
    expect(etienne).toEqual({ name: 'Saint-Étienne', codes: [], status: 'open', at: 'territories.csv line 3' });
  });

  it('CSV as a French spreadsheet writes it: semicolons, a BOM, French headings and statuses, CRLF, comments and blank lines', () => {
    const text =
      '\ufeffNom;Code postal;Département;Statut\r\n# la liste de l’équipe\r\n\r\nLyon;69001;69;Vendu\r\nGrenoble;38000;38;Réservé\r\nAnnecy;;74;libre\r\n';
    expect(territoriesOf(text).map((t) => [t.name, t.codes, t.status, t.at])).toEqual([
      ['Lyon', ['69001', '69'], 'sold', 'territories.csv line 4'],
      ['Grenoble', ['38000', '38'], 'reserved', 'territories.csv line 5'],
      ['Annecy', ['74'], 'open', 'territories.csv line 6'],
    ]);
  });

  it('CSV: a quoted field over two lines is named by the line it starts on', () => {
    const text = 'name,status\n"Saint-\nÉtienne",open\nLyon,bought\n';
    expect(territoriesOf('name,status\n"Saint-\nÉtienne",open\n')[0]!.at).toBe('territories.csv line 2');
    expect(problemsOf(text)).toEqual(['territories.csv line 4: the status "bought" is not one of open, reserved, sold.']);
  });

  it.each([
    ['no status column', 'name,codes\nLyon,69\n', ['territories.csv line 1: the header has no status column (it reads "name,codes").']],
    ['no name or codes column', 'owner,status\nJane,open\n', ['territories.csv line 1: the header has no name or codes column.']],
    ['an empty status', 'name,status\nLyon,\n', ['territories.csv line 2: the status is empty; write open, reserved or sold.']],
    ['a row with neither name nor codes', 'name,codes,status\n,,open\n', ['territories.csv line 2: a territory needs a name or at least one code.']],
    [
      'a row with more fields than the header',
      'name,status\nLyon, France,open\n',
      ['territories.csv line 2: 3 fields where the header has 2; quote a field that holds the delimiter.'],
    ],
    ['a name of punctuation only', 'name,status\n---,open\n', ['territories.csv line 2: a name or code has no letter or digit.']],
    ['no territory at all', 'name,status\n', ['territories.csv lists no territory.']],
    ['nothing', '', ['territories.csv is empty: it needs a header line (name,codes,status) and a line per territory.']],
    [
      'two lines naming one place with two statuses',
      'name,codes,status\nLyon,69001,sold\nLyon Centre,69001,open\n',
      ['territories.csv line 3: "69001" is open here but sold at line 2.'],
    ],
  ])('CSV with %s: refused, naming the line', (_, text, problems) => {
    expect(problemsOf(text)).toEqual(problems);
  });

  it('CSV that is not CSV: csv-parse’s own words, with the line', () => {
    const [problem] = problemsOf('name,status\nLyon,open\n"Saint"x,open\n');
    expect(problem).toMatch(/^territories\.csv is not valid CSV: Invalid Closing Quote: got "x" at line 3/);
  });

  it('every bad line at once, the first twenty', () => {
    const text = ['name,status', ...Array.from({ length: 30 }, (_, index) => `Town ${index},bought`)].join('\n');
    const problems = problemsOf(text);
    expect(problems).toHaveLength(20);
    expect(problems[0]).toBe('territories.csv line 2: the status "bought" is not one of open, reserved, sold.');
  });

  it('JSON: an array, or { territories: [...] }; codes a string or an array of strings', () => {
    const entries = [
      { name: 'Lyon', codes: ['69001', '69002'], status: 'sold' },
      { codes: '10001, 10002', status: 'open', note: 'mine' },
    ];
    const expected = [
      { name: 'Lyon', codes: ['69001', '69002'], status: 'sold', at: 'territories.json entry 1' },
      { name: null, codes: ['10001', '10002'], status: 'open', at: 'territories.json entry 2' },
    ];
    expect(territoriesOf(JSON.stringify(entries), 'territories.json')).toEqual(expected);
    expect(territoriesOf(JSON.stringify({ territories: entries }, null, 2), 'territories.json')).toEqual(expected);
    // No extension: told by its first character.
    expect(territoriesOf(`\n ${JSON.stringify(entries)}`, '/etc/franchise/territories')[0]!.at).toBe('/etc/franchise/territories entry 1');
  });

  it.each([
    ['a syntax error, with its line and column', '[\n  { "name": "Lyon", }\n]', /^t\.json is not valid JSON \(line 2, column 21\): /],
    ['not a list', '{ "name": "Lyon" }', /^t\.json must hold an array of territories, or an object whose "territories" is one\.$/],
    ['an entry that is no object', '["Lyon"]', /^t\.json entry 1: a territory is an object with a name or codes and a status\.$/],
    [
      'a code as a number',
      '[{ "codes": [2134], "status": "open" }]',
      /^t\.json entry 1: write codes as strings \("2134"\): as a number, a code loses its leading zeros/,
    ],
    ['a status that is no string', '[{ "name": "Lyon", "status": true }]', /^t\.json entry 1: name, codes and status must be strings/],
    ['an unknown status', '[{ "name": "Lyon", "status": "maybe" }]', /^t\.json entry 1: the status "maybe" is not one of open, reserved, sold\.$/],
  ])('JSON with %s: refused, naming where', (_, text, problem) => {
    const problems = problemsOf(text, 't.json');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('a file far larger than any list is refused before it is parsed', () => {
    expect(problemsOf('x'.repeat(2_000_001))).toEqual(['territories.csv is over 2000000 characters: no territory list is that long.']);
  });

  it('the examples in docs/ parse, CSV and JSON alike, to the same territories', () => {
    const csv = territoriesOf(readFileSync(new URL('territories.example.csv', DOCS), 'utf8'), 'territories.example.csv');
    const json = territoriesOf(readFileSync(new URL('territories.example.json', DOCS), 'utf8'), 'territories.example.json');
    const plain = (list: Territory[]) => list.map(({ at: _, ...territory }) => territory);
    expect(plain(json)).toEqual(plain(csv));
    expect(new Set(csv.map((t) => t.status))).toEqual(new Set(['open', 'reserved', 'sold']));
  });
});

describe('placeKey: case, accents and punctuation aside', () => {
  it.each([
    ['Lyon', 'lyon'],
    ['LYON', 'lyon'],
    ['Saint-Étienne', 'saint etienne'],
    ['St. Étienne', 'saint etienne'],
    ['  saint   etienne ', 'saint etienne'],
    ['Ste-Foy-lès-Lyon', 'sainte foy les lyon'],
    ["L'Haÿ-les-Roses", 'l hay les roses'],
    ['Œuilly', 'oeuilly'],
    ['Düsseldorf', 'dusseldorf'],
    ['Straße', 'strasse'],
    ['10001-1234', '10001 1234'],
  ])('%s → %s', (text, key) => expect(placeKey(text)).toBe(key));
});

describe('territoryAnswer', () => {
  const territories = territoriesOf(CSV);
  const answer = (place: string, locations: ProfileLocation[] = []) => said(territoryAnswer(place, territories, locations));

  it.each([
    ['Lyon', 'taken', ['Lyon']],
    ['lyon', 'taken', ['Lyon']],
    ['LYON', 'taken', ['Lyon']],
    ['Saint-Étienne', 'open', ['Saint-Étienne']],
    ['saint etienne', 'open', ['Saint-Étienne']],
    ['St Etienne, France', 'open', ['Saint-Étienne']],
    ['10001', 'open', ['Manhattan']],
    ['ZIP 10002', 'open', ['Manhattan']],
    ['Manhattan, NY 10001', 'open', ['Manhattan']],
    ['69', 'reserved', ['Rhône']],
    ['le département 69', 'reserved', ['Rhône']],
    ['rhone', 'reserved', ['Rhône']],
    ['Kings County', 'taken', ['Brooklyn']],
    ['Brooklyn', 'taken', ['Brooklyn']],
    ['Ajaccio 20000', 'open', ['Corse-du-Sud']],
    ['Shreveport, LA', 'taken', ['Louisiana']],
  ] as const)('%s: %s', (place, kind, names) => expect(answer(place)).toEqual({ kind, territories: names }));

  it('a postcode of a listed département is in it, when the list names neither the postcode nor the town', () => {
    expect(answer('Villeurbanne 69100')).toEqual({ kind: 'reserved', territories: ['Rhône'] });
    // Bastia (20200) is in 2B, which the list does not name.
    expect(answer('Bastia 20200')).toEqual({ kind: 'unlisted', location: null });
  });

  it('the longer name the caller said wins over a shorter one inside it: New York City is New York, not York', () => {
    expect(answer('New York City')).toEqual({ kind: 'reserved', territories: ['New York'] });
    expect(answer('York')).toEqual({ kind: 'open', territories: ['York'] });
  });

  it('a two-letter code inside a name is a word, not a state: La Rochelle is not Louisiana', () => {
    expect(answer('La Rochelle')).toEqual({ kind: 'unlisted', location: null });
  });

  it('what the caller said beats what a postcode infers: Lyon 69003 is Lyon, not the Rhône around it', () => {
    expect(answer('Lyon 69003')).toEqual({ kind: 'taken', territories: ['Lyon'] });
  });

  it('a place naming territories of different statuses: which one, never the open one alone', () => {
    expect(answer('69003 Lyon, Rhône')).toEqual({ kind: 'which', territories: ['Lyon', 'Rhône'] });
    expect(answer('Manhattan or Brooklyn')).toEqual({ kind: 'which', territories: ['Manhattan', 'Brooklyn'] });
    // 10001 is Manhattan's (open), inside New York (reserved).
    expect(answer('New York, NY 10001')).toEqual({ kind: 'which', territories: ['Manhattan', 'New York'] });
  });

  it('only parts of the place are listed: which one', () => {
    const parts = territoriesOf('name,status\nLyon Est,open\nLyon Ouest,sold\nMarseille Nord,open\n');
    expect(said(territoryAnswer('Lyon', parts))).toEqual({ kind: 'which', territories: ['Lyon Est', 'Lyon Ouest'] });
    expect(said(territoryAnswer('Marseille', parts))).toEqual({ kind: 'which', territories: ['Marseille Nord'] });
    // Two letters are too few to stand for a part of a name.
    expect(said(territoryAnswer('Ly', parts))).toEqual({ kind: 'unlisted', location: null });
  });

  it('a place the list does not name is unlisted, whatever the website shows there; the location comes as a note', () => {
    const austin: ProfileLocation = { city: 'Austin', region: 'TX', postalCode: '78701', source: 'https://bluepaws.example/locations' };
    const paris: ProfileLocation = { city: 'Paris', postalCode: '75011', source: 'https://bluepaws.example/locations' };
    expect(answer('Austin', [austin, paris])).toEqual({ kind: 'unlisted', location: 'Austin' });
    expect(answer('Austin, Texas', [austin])).toEqual({ kind: 'unlisted', location: 'Austin' });
    expect(answer('PARIS 11e', [austin, paris])).toEqual({ kind: 'unlisted', location: 'Paris' });
    expect(answer('75011', [paris])).toEqual({ kind: 'unlisted', location: 'Paris' });
    expect(answer('Denver', [austin, paris])).toEqual({ kind: 'unlisted', location: null });
    // The list wins: Lyon is taken, whatever the site shows.
    expect(answer('Lyon', [{ city: 'Lyon', source: 'https://bluepaws.example/' }])).toEqual({ kind: 'taken', territories: ['Lyon'] });
  });

  it('words with nothing to match are unlisted', () => {
    expect(answer('')).toEqual({ kind: 'unlisted', location: null });
    expect(answer(' — ')).toEqual({ kind: 'unlisted', location: null });
  });
});
