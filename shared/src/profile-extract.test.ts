import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveFixtureSite, type FixtureSite, type FranchiseSiteName } from '@franchise-ai/test-support/franchise-sites';
import { inventedFacts } from '@franchise-ai/test-support/profile-sources';
import type { BrandProfile, FactKind, ReadPage, ReadyProfile } from './brand-profile.ts';
import { choosePages } from './page-choice.ts';
import { buildProfile } from './profile-extract.ts';
import { PAGE_LIMITS } from './html-page.ts';
import { MAX_FACT_LENGTH } from './text-facts.ts';

const texts = (profile: ReadyProfile, kind: FactKind): string[] => profile.facts.filter((fact) => fact.kind === kind).map((fact) => fact.text);

function ready(profile: BrandProfile): ReadyProfile {
  if (profile.status !== 'ready') throw new Error(`expected a ready profile, got ${JSON.stringify(profile)}`);
  return profile;
}

describe('the fixture sites, read as the reader will: the home page and the pages it links to', () => {
  const read = new Map<FranchiseSiteName, { site: FixtureSite; pages: ReadPage[]; profile: BrandProfile }>();
  beforeAll(async () => {
    for (const name of ['franchisor', 'franchisee', 'script-only'] as const) {
      const site = await serveFixtureSite(name);
      const home = { url: `${site.url}/`, html: await (await fetch(`${site.url}/`)).text() };
      const pages = [home];
      for (const url of choosePages(home)) {
        const response = await fetch(url);
        if (response.ok) pages.push({ url, html: await response.text() });
      }
      read.set(name, { site, pages, profile: buildProfile(site.url, pages) });
    }
  });
  afterAll(async () => {
    for (const { site } of read.values()) await site.close();
  });

  test('franchisor: its description, name, locations and the franchise offer as the site states it', () => {
    const { site, profile: built } = read.get('franchisor')!;
    const profile = ready(built);
    expect(profile.name).toBe('Bramblewood Bagel Co.');
    expect(profile.facts.find((fact) => fact.kind === 'description')).toEqual({
      kind: 'description',
      text: 'Bramblewood Bagel Co. is a kettle-boiled bagel bakery and coffee franchise with cafés across the Mountain West.',
      source: `${site.url}/`,
    });
    expect(profile.locations.map(({ city, region }) => `${city}, ${region}`)).toEqual([
      'Boulder, CO',
      'Fort Collins, CO',
      'Boise, ID',
      'Spokane, WA',
      'Missoula, MT',
      'Provo, UT',
    ]);
    expect(profile.locations.every((location) => location.source === `${site.url}/locations`)).toBe(true);
    expect(profile.locations[4]).toMatchObject({ street: '521 S Higgins Avenue', postalCode: '59801', country: 'US', telephone: '+1-406-555-0175' });

    const offer = `${site.url}/own-a-franchise`;
    expect(profile.facts).toEqual(
      expect.arrayContaining([
        { kind: 'investment', text: 'Total investment: $285,000 – $465,000', source: offer },
        { kind: 'investment', text: 'Candidates need at least $120,000 in liquid capital and a net worth of $400,000.', source: offer },
        { kind: 'franchise-fee', text: 'Initial franchise fee: $35,000', source: offer },
        { kind: 'royalty', text: 'Royalty: 6% of gross sales, paid weekly', source: offer },
        { kind: 'territory', text: 'Territories are available in Colorado, Idaho, Montana, Utah and Washington.', source: offer },
        { kind: 'support', text: 'Four weeks of training at our Boulder bakehouse, including two weeks on the kettle line.', source: offer },
        { kind: 'support', text: 'Site selection and lease support from our real-estate team.', source: offer },
      ]),
    );
    expect(texts(profile, 'service')).toEqual(['Everything bagel', 'Sesame bagel', 'Lox & schmear', 'Bacon, egg & cheddar sandwich', 'Oat-milk latte']);
    // The structured number, then the contact page's, written another way, is the same one; the locations' are theirs.
    expect(texts(profile, 'telephone')).toEqual(['+1-303-555-0142']);
    expect(texts(profile, 'email')).toEqual(['hello@bramblewood.example', 'franchise@bramblewood.example']);
    // The footer's boilerplate ("Franchise opportunities available everywhere, call 1-800-555-0199") is no fact.
    expect(JSON.stringify(profile)).not.toMatch(/everywhere|0199/);
    expect(profile.pages).toEqual([`${site.url}/`, offer, `${site.url}/locations`, `${site.url}/menu`, `${site.url}/about`, `${site.url}/contact`]);
  });

  test('franchisee: its hours (structured and written), services, telephone and its one location', () => {
    const { site, profile: built } = read.get('franchisee')!;
    const profile = ready(built);
    expect(texts(profile, 'hours')).toEqual([
      'Tuesday, Wednesday, Thursday, Friday 09:00–19:00',
      'Saturday 09:00–16:00',
      'Tuesday – Friday: 9 am – 7 pm',
      'Saturday: 9 am – 4 pm',
      'Sunday & Monday: closed',
    ]);
    // The structured catalogue's two, then the services page's list without repeating them.
    expect(texts(profile, 'service')).toEqual(["Women's cut & style", 'Colour & highlights', "Men's cut", "Kids' cut (under 12)", 'Balayage', 'Blowout']);
    expect(texts(profile, 'telephone')).toEqual(['+1-541-555-0187']);
    expect(texts(profile, 'email')).toEqual(['bend@fernhollow.example']);
    expect(profile.locations).toEqual([
      {
        name: 'Fernhollow Hair Studio Bend',
        street: '1021 NW Bond Street',
        city: 'Bend',
        region: 'OR',
        postalCode: '97703',
        country: 'US',
        telephone: '+1-541-555-0187',
        source: `${site.url}/`,
      },
    ]);
    // No franchise offer on a salon's site: no offer facts.
    expect(profile.facts.filter((fact) => ['investment', 'franchise-fee', 'royalty', 'territory'].includes(fact.kind))).toEqual([]);
  });

  test('script-only: nothing a parser can read, so nearly empty (the figures its script would draw are not facts)', () => {
    const { site, profile } = read.get('script-only')!;
    expect(profile).toEqual({ status: 'unavailable', website: site.url, reason: 'nearly-empty' });
  });

  test.each(['franchisor', 'franchisee'] as const)('%s: nothing invented, every fact short and sourced on a page read', (name) => {
    const { pages, profile } = read.get(name)!;
    expect(inventedFacts(profile, pages)).toEqual([]);
    expect(ready(profile).facts.every((fact) => fact.text.length <= MAX_FACT_LENGTH)).toBe(true);
  });

  test('the never-invent check catches a doctored fact and location', () => {
    const { pages, profile } = read.get('franchisor')!;
    const doctored = ready(structuredClone(profile));
    doctored.name = 'Bramblewood Bagel Company';
    doctored.facts.push({ kind: 'investment', text: 'Total investment: $85,000 – $465,000', source: pages[1]!.url });
    doctored.facts.push({ kind: 'hours', text: 'Sunday 09:00–17:00', source: pages[0]!.url });
    doctored.locations.push({ city: 'Denver', region: 'CO', source: pages[2]!.url });
    expect(inventedFacts(doctored, pages)).toEqual([
      'name "Bramblewood Bagel Company"',
      `investment "Total investment: $85,000 – $465,000" (${pages[1]!.url})`,
      `hours "Sunday 09:00–17:00" (${pages[0]!.url})`,
      `location city "Denver" (${pages[2]!.url})`,
    ]);
  });
});

const at = (html: string, url = 'https://acme.example/'): ReadPage => ({ url, html });
const ld = (value: unknown): string => `<script type="application/ld+json">${typeof value === 'string' ? value : JSON.stringify(value)}</script>`;

describe('from one page', () => {
  test.each([
    [
      'Open Graph before the meta description',
      '<meta name="description" content="Meta words."><meta property="og:description" content="Open Graph words.">',
      'Open Graph words.',
    ],
    ['the meta description when there is no Open Graph', '<meta name="description" content="Bagels since 2011.">', 'Bagels since 2011.'],
    [
      'the structured description before both',
      `<meta name="description" content="Meta.">${ld({ '@type': 'Organization', name: 'Acme', description: 'Structured words.' })}`,
      'Structured words.',
    ],
  ])('description: %s', (_, head, expected) => {
    const profile = ready(
      buildProfile('https://acme.example', [
        at(`<head>${head}</head><body><p>Fresh bagels every day, boiled in a kettle and baked on stones, from our six cafés.</p></body>`),
      ]),
    );
    expect(texts(profile, 'description')).toEqual([expected]);
  });

  test("a location's number and hours are not the brand's: without a business on the home page, only an Organization elsewhere is", () => {
    const home = at('<meta name="description" content="Bagels in the Mountain West, boiled then baked."><p>Kettle-boiled bagels since 2011, in six cafés.</p>');
    const locations = at(
      `<meta name="description" content="Find a café near you.">${ld({ '@graph': [{ '@type': 'Restaurant', name: 'Acme Boulder', telephone: '+1-303-555-0101', openingHours: 'Mo-Su 07:00-14:00', address: { '@type': 'PostalAddress', addressLocality: 'Boulder', addressRegion: 'CO' } }] })}`,
      'https://acme.example/locations',
    );
    const about = at(ld({ '@type': 'Organization', name: 'Acme Bagels', telephone: '+1-303-555-0199' }), 'https://acme.example/about');
    const profile = ready(buildProfile('https://acme.example', [home, locations, about]));
    expect(profile.name).toBe('Acme Bagels');
    expect(profile.facts.filter((fact) => fact.kind !== 'description').map(({ kind, text }) => `${kind}: ${text}`)).toEqual(['telephone: +1-303-555-0199']);
    expect(texts(profile, 'description')).toEqual(['Bagels in the Mountain West, boiled then baked.']);
    expect(profile.locations).toEqual([
      { name: 'Acme Boulder', city: 'Boulder', region: 'CO', telephone: '+1-303-555-0101', source: 'https://acme.example/locations' },
    ]);
  });

  test('a franchise page: offer sentences from long paragraphs, cut at a word, never from a heading or a figure-less mention', () => {
    const long = `Our royalty is 5% of gross sales. ${'Words about our brand and its many virtues '.repeat(8)}`;
    const page = at(
      `<h1>Franchise opportunities</h1><h2>Investment and royalty</h2><p>We talk about investment a lot.</p><p>${long}</p>
       <p>The initial investment ranges from $150K to $300K depending on the site. Ask us.</p><p>${'Training '.repeat(40)}</p>`,
      'https://acme.example/franchise',
    );
    const profile = ready(buildProfile('https://acme.example', [page]));
    expect(texts(profile, 'royalty')).toEqual(['Our royalty is 5% of gross sales.']);
    expect(texts(profile, 'investment')).toEqual(['The initial investment ranges from $150K to $300K depending on the site.']);
    const [support] = texts(profile, 'support');
    expect(support!.length).toBeLessThanOrEqual(MAX_FACT_LENGTH);
    expect(support).toMatch(/^Training( Training)+$/);
    expect(inventedFacts(profile, [page])).toEqual([]);
  });

  test('territory and support only on a franchise page: elsewhere they are about customers', () => {
    const html =
      '<h1>Acme Plumbing</h1><p>We serve the whole territory of Travis County.</p><p>Customer support answers within a day.</p><p>Our royalty-free designs cost $10.</p>';
    const profile = ready(buildProfile('https://acme.example', [at(html)]));
    expect(profile.facts.map((fact) => fact.kind)).toEqual(['royalty']);
  });

  test('locations across pages and @graph nesting, deduplicated, the city required', () => {
    const place = (city: unknown, region?: string) => ({
      '@type': 'Store',
      name: `Acme ${String(city)}`,
      address: { '@type': 'PostalAddress', addressLocality: city, addressRegion: region },
    });
    const first = at(
      ld({
        '@graph': [
          { '@graph': [place('Austin', 'TX'), place('Dallas')] },
          { '@type': 'Organization', department: [place('Austin', 'TX'), place(42), place({ nested: true })] },
        ],
      }),
    );
    const second = at(ld([place('Austin', 'TX'), place('El Paso', 'TX')]), 'https://acme.example/locations');
    const profile = ready(buildProfile('https://acme.example', [first, second]));
    expect(profile.locations.map(({ city, region, source }) => [city, region, source])).toEqual([
      ['Austin', 'TX', 'https://acme.example/'],
      ['Dallas', undefined, 'https://acme.example/'],
      // A number is a value the site wrote; an object is none.
      ['42', undefined, 'https://acme.example/'],
      ['El Paso', 'TX', 'https://acme.example/locations'],
    ]);
  });

  test('addresses written out, on a page without structured ones: the city, region and postal code, the street when it leads', () => {
    const page = at(
      `<h1>Find a studio</h1><address>12 Main St, Austin, TX 78701</address><p>Suite 4, 400 Barrington Street, Halifax, NS B3H 1A1</p>
       <p>Downtown Denver, CO 80202</p><p>We opened in Austin, TX in 2019 with 3 staff.</p>`,
      'https://acme.example/locations',
    );
    const profile = ready(buildProfile('https://acme.example', [page]));
    expect(profile.locations).toEqual([
      { street: '12 Main St', city: 'Austin', region: 'TX', postalCode: '78701', source: 'https://acme.example/locations' },
      { street: '400 Barrington Street', city: 'Halifax', region: 'NS', postalCode: 'B3H 1A1', source: 'https://acme.example/locations' },
      { city: 'Downtown Denver', region: 'CO', postalCode: '80202', source: 'https://acme.example/locations' },
    ]);
    expect(inventedFacts(profile, [page])).toEqual([]);
  });

  test('emails and numbers written on the home page, one fact per number however it is written', () => {
    const page = at('<p>Call (512) 555-0100 or +1 512.555.0100, or write to hello@acme.example. Fax: 512-555-0199.</p>');
    const profile = ready(buildProfile('https://acme.example', [page]));
    // A fax is no number to call.
    expect(texts(profile, 'telephone')).toEqual(['(512) 555-0100']);
    expect(texts(profile, 'email')).toEqual(['hello@acme.example']);
  });

  test.each([
    ['a subtype by its name', { '@type': 'AutoBodyShop', address: { addressLocality: 'Tulsa' } }, ['Tulsa']],
    ['any type with an address and a telephone', { '@type': 'Dentist', telephone: '+1-918-555-0100', address: { addressLocality: 'Tulsa' } }, ['Tulsa']],
    ['a person is no location', { '@type': 'Person', telephone: '+1-918-555-0100', address: { addressLocality: 'Tulsa' } }, []],
  ])('business or not: %s', (_, node, cities) => {
    const page = at(`${ld(node)}<p>${'A sentence of plain words. '.repeat(5)}</p>`);
    const profile = buildProfile('https://acme.example', [page]);
    expect(profile.status === 'ready' ? profile.locations.map((location) => location.city) : []).toEqual(cities);
  });

  test('openingHours strings as written, makesOffer services', () => {
    const page = at(
      ld({
        '@type': 'Restaurant',
        name: 'Acme',
        openingHours: ['Mo-Fr 07:00-15:00', 'Sa 08:00-12:00'],
        makesOffer: [
          { '@type': 'Offer', itemOffered: { '@type': 'Product', name: 'Sourdough loaf' } },
          { '@type': 'Offer', name: 'Catering' },
        ],
      }),
    );
    const profile = ready(buildProfile('https://acme.example', [page]));
    expect(texts(profile, 'hours')).toEqual(['Mo-Fr 07:00-15:00', 'Sa 08:00-12:00']);
    expect(texts(profile, 'service')).toEqual(['Sourdough loaf', 'Catering']);
  });

  test('entities are decoded, in text and in links alike', () => {
    const page = at(
      '<meta name="description" content="Bagels &amp; coffee &#8211; since 2011"><p>Hand-rolled bagels &amp; small-batch coffee, made every morning before sunrise.</p><h2>Our services</h2><ul><li>Lox&nbsp;&amp;&nbsp;schmear</li></ul>',
    );
    const profile = ready(buildProfile('https://acme.example', [page]));
    expect(texts(profile, 'description')).toEqual(['Bagels & coffee – since 2011']);
    expect(texts(profile, 'service')).toEqual(['Lox & schmear']);
    expect(inventedFacts(profile, [page])).toEqual([]);
  });

  test.each([
    ['a title and nothing else', '<title>Acme</title><body></body>'],
    ['a script-only body', '<body><div id="root"></div><script>render("Total investment: $1")</script></body>'],
    ['text that states no fact', `<body><p>${'Welcome to our website. '.repeat(20)}</p></body>`],
    ['facts only in the navigation and footer', '<body><nav><a href="/f">Franchise fee: $30,000</a></nav><footer><p>Royalty: 6%</p></footer></body>'],
  ])('%s is nearly empty', (_, html) => {
    expect(buildProfile('https://acme.example', [at(html)])).toEqual({ status: 'unavailable', website: 'https://acme.example', reason: 'nearly-empty' });
  });
});

describe('hostile pages never throw', () => {
  const deep = `${'<div>'.repeat(5_000)}<p>Royalty: 6% of sales</p>${'</div>'.repeat(5_000)}`;
  test.each([
    ['malformed JSON-LD', ld('{"@type": "Organization", "name": "Acme",')],
    ['JSON-LD of null, a number, a string', ld('null') + ld('42') + ld('"Organization"')],
    [
      'non-string fields everywhere',
      ld({ '@type': 42, name: { x: 1 }, description: ['a'], telephone: null, address: 'Main Street', openingHoursSpecification: 'always', hasOfferCatalog: 7 }),
    ],
    [
      'wrong shapes inside',
      ld({
        '@type': ['Organization'],
        address: [null, 1, { addressLocality: ['Austin'] }],
        openingHoursSpecification: [{ dayOfWeek: 5, opens: {}, closes: [] }],
        makesOffer: [{ '@type': {}, name: 'x' }],
      }),
    ],
    ['@graph nested far past any sense', ld(JSON.parse(`${'{"@graph":'.repeat(200)}{"@type":"Organization","name":"Deep"}${'}'.repeat(200)}`))],
    ['a megabyte attribute', `<meta name="description" content="${'x'.repeat(1_000_000)}"><p title="${'y'.repeat(1_000_000)}">Hi</p>`],
    ['an element nested 5,000 deep', deep],
    ['unclosed and stray tags', '<p>Franchise fee: $9<table><td><li>Our services<ul><li>Cuts</p></b></i></html><html>'],
  ])('%s', (_, html) => {
    expect(() => buildProfile('https://acme.example', [at(html)])).not.toThrow();
    const profile = buildProfile('https://acme.example', [at(html)]);
    expect(inventedFacts(profile, [at(html)])).toEqual([]);
  });

  test('a megabyte description is capped at a word', () => {
    const profile = ready(
      buildProfile('https://acme.example', [at(`<meta name="description" content="${'word '.repeat(200_000)}"><p>${'Our bagels are boiled. '.repeat(5)}</p>`)]),
    );
    expect(texts(profile, 'description')[0]!.length).toBeLessThanOrEqual(MAX_FACT_LENGTH);
  });

  test('a run of 200,000 letters and digits with no @ in it is no email, and the address after it is found', () => {
    // Unbounded, the email pattern tried every start against the whole run: 10 s for 100,000 letters.
    const run = 'a1'.repeat(100_000);
    const profile = ready(buildProfile('https://acme.example', [at(`<p>${run}</p><p>${run}@ or write to hello@acme.example today.</p>`)]));
    expect(texts(profile, 'email')).toEqual(['hello@acme.example']);
  });

  test('a page nested past the depth limit keeps what comes before the cut', () => {
    const page = at(
      `<p>${'A sentence of plain words. '.repeat(4)}</p><p>Royalty: 6% of gross sales.</p>${'<div>'.repeat(PAGE_LIMITS.maxDepth + 1)}<p>Franchise fee: $30,000.</p>`,
    );
    const profile = ready(buildProfile('https://acme.example', [page]));
    expect(texts(profile, 'royalty')).toEqual(['Royalty: 6% of gross sales.']);
    expect(texts(profile, 'franchise-fee')).toEqual([]);
  });

  test('no pages at all is nearly empty', () => {
    expect(buildProfile('https://acme.example', [])).toEqual({ status: 'unavailable', website: 'https://acme.example', reason: 'nearly-empty' });
  });
});
