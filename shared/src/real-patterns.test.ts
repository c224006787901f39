import { describe, expect, test } from 'vitest';
import { inventedFacts } from '@franchise-ai/test-support/profile-sources';
import { greetingFact } from './agent-scenario.ts';
import type { BrandProfile, FactKind, ReadPage, ReadyProfile } from './brand-profile.ts';
import { buildProfile } from './profile-extract.ts';

// What real websites write and the reader must read as a person would, each case written here (not
// copied from a site): template leftovers, numbers and addresses in US, Canadian and French forms,
// figures in tables and in denials, menus of dishes, French hours and link words.

/** Words enough that a page is not "nearly empty" (under 80 characters of text). */
const FILLER = '<p>We have served our neighbours with care and good humour for many, many years now.</p>';

const page = (body: string, { url = 'https://acme.example/', head = '', lang = 'en' } = {}): ReadPage => ({
  url,
  html: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${head}</head><body>${body}${FILLER}</body></html>`,
});

function ready(profile: BrandProfile): ReadyProfile {
  if (profile.status !== 'ready') throw new Error(`expected a ready profile, got ${JSON.stringify(profile)}`);
  return profile;
}

const kinds = (profile: ReadyProfile, kind: FactKind): string[] => profile.facts.filter((fact) => fact.kind === kind).map((fact) => fact.text);

function read(pages: ReadPage[]): ReadyProfile {
  const profile = ready(buildProfile(pages[0]!.url, pages));
  expect(inventedFacts(profile, pages)).toEqual([]);
  return profile;
}

describe('template leftovers are no facts', () => {
  test('"Page Title" and "Page Description" give way to the copyright holder and the first real paragraph', () => {
    const profile = read([
      page(
        '<main><h1>Welcome</h1><p>Frosty Spoon is a self-serve frozen yogurt franchise with 40 shops across Georgia and Texas. We opened in 2009.</p></main><footer><p>© 2024 Frosty Spoon Inc. All rights reserved.</p></footer>',
        { head: '<title>Page Title</title><meta name="description" content="Page Description">' },
      ),
    ]);
    expect(profile.name).toBe('Frosty Spoon Inc');
    expect(kinds(profile, 'description')).toEqual([
      'Frosty Spoon is a self-serve frozen yogurt franchise with 40 shops across Georgia and Texas. We opened in 2009.',
    ]);
    expect(greetingFact(profile)).toBe('Your website says: Frosty Spoon is a self-serve frozen yogurt franchise with 40 shops across Georgia and Texas.');
  });

  test('a title of "Home" names nothing; the part every page repeats does', () => {
    const profile = read([
      page('<p>Call us at 404-555-0123 for a table.</p>', { head: '<title>Home | Peach Street Grill</title>' }),
      page('<p>Our menu changes every season.</p>', { url: 'https://acme.example/menu', head: '<title>Menu | Peach Street Grill</title>' }),
    ]);
    expect(profile.name).toBe('Peach Street Grill');
  });

  test("the logo's alt text names the business when nothing else does", () => {
    const profile = read([
      page('<header><a href="/"><img src="/img/logo.png" alt="Logo de l’entreprise Sud Élagage"></a></header><p>Tél : 06 28 35 00 00</p>', { lang: 'fr' }),
    ]);
    expect(profile.name).toBe('Sud Élagage');
  });
});

describe('numbers and addresses as US, Canadian and French sites write them', () => {
  test('(770)-694-6975, "Dallas, Ga 30157" and "Arlington, Texas 76006"', () => {
    const profile = read([
      page('<p>Frosty Spoon</p><p>120 Main St.<br>Dallas, Ga 30157</p><p>Call (770)-694-6975</p><p>2200 Collins St, Arlington, Texas 76006</p>'),
    ]);
    expect(kinds(profile, 'telephone')).toEqual(['(770)-694-6975']);
    expect(profile.locations.map(({ street, city, region, postalCode }) => [street, city, region, postalCode])).toEqual([
      ['120 Main St.', 'Dallas', 'Ga', '30157'],
      ['2200 Collins St', 'Arlington', 'Texas', '76006'],
    ]);
  });

  test('an address over three lines, as a Canadian footer writes it', () => {
    const profile = read([
      page('<footer><p>3130 Rutherford Rd.</p><p>Vaughan, ON</p><p>L4K 0B1</p></footer><p>Wings and ribs since 2003, in twelve restaurants.</p>'),
    ]);
    expect(profile.locations).toMatchObject([{ street: '3130 Rutherford Rd.', city: 'Vaughan', region: 'ON', postalCode: 'L4K 0B1' }]);
  });

  test('French numbers, addresses and hours, on a page whose lang attribute says English', () => {
    const profile = read([
      page(
        '<h1>Boulangerie du Marché</h1><p>Notre boulangerie vous accueille depuis 1900 avec du pain et des viennoiseries.</p><p>6, rue des Halles<br>75001 Paris</p><p>Tél : 01.42.33.45.00</p><p>Horaires</p><p>lundi–vendredi 7h–19h</p><p>Samedi :</p><p>9h à 13h</p><p>Fax : 01 42 33 45 99</p>',
      ),
    ]);
    expect(kinds(profile, 'telephone')).toEqual(['01.42.33.45.00']);
    expect(profile.locations).toMatchObject([{ street: '6, rue des Halles', city: 'Paris', postalCode: '75001' }]);
    expect(kinds(profile, 'hours')).toEqual(['lundi–vendredi 7h–19h', 'Samedi : 9h à 13h']);
  });

  test('a town before its postal code, and a web host in the legal notice', () => {
    const profile = read([
      page(
        '<h1>Mentions légales</h1><h2>Éditeur</h2><p>Salon Rivoli</p><p>4 avenue de Messine</p><p>PARIS, 75008</p><h2>Hébergement</h2><p>BigHost SAS, 2 rue Kellermann, 59100 Roubaix</p>',
        {
          url: 'https://acme.example/mentions-legales',
          lang: 'fr',
        },
      ),
    ]);
    expect(profile.locations).toMatchObject([{ street: '4 avenue de Messine', city: 'PARIS', postalCode: '75008' }]);
    expect(profile.texts).toEqual([]);
  });
});

describe('beyond the US and France', () => {
  test('a UK footer line beside its copyright: the street, town, postcode and number, read for Britain', () => {
    const profile = read([
      page(
        '<footer><p>© ACME BAKERS 2017 • Head Office 210-212 Lilycroft Road, Bradford BD9 5AJ • Tel: 01274 483900</p></footer><p>Bakers since 1979, in twenty branches.</p>',
      ),
    ]);
    expect(kinds(profile, 'telephone')).toEqual(['01274 483900']);
    expect(profile.locations).toMatchObject([{ street: '210-212 Lilycroft Road', city: 'Bradford', postalCode: 'BD9 5AJ' }]);
  });

  test("a Québec restaurant's number, on a French page, is read for Canada", () => {
    const profile = read([page('<p>1027, 3e Avenue, Québec QC G1L 2X3</p><p>Réservations : 418 914-8700</p>', { lang: 'fr' })]);
    expect(kinds(profile, 'telephone')).toEqual(['418 914-8700']);
  });

  test("a Belgian address, its street's number after its name; the regulator's is not the business's", () => {
    const profile = read([
      page(
        '<p>Archimède SPRL</p><p>Avenue Capouillet 58A, 1410 Waterloo</p><p>Agent agréé par l’Institut professionnel des agents immobiliers (IPI)</p><p>Rue de Luxembourg 16B, 1000 Bruxelles</p><p>Belgique</p>',
        { lang: 'fr' },
      ),
    ]);
    expect(profile.locations).toMatchObject([{ street: 'Avenue Capouillet 58A', city: 'Waterloo', postalCode: '1410' }]);
    expect(profile.locations).toHaveLength(1);
  });
});

describe('figures, as tables and sentences give them', () => {
  test('several figures in one paragraph are several facts', () => {
    const profile = read([
      page(
        '<h1>Own a franchise</h1><p>The initial franchise fee is $35,000; the total cost to open ranges from $613,000–$1,137,500 depending on the site, and the royalty is 6% of gross sales.</p>',
        { url: 'https://acme.example/franchise' },
      ),
    ]);
    expect(kinds(profile, 'franchise-fee')).toEqual(['The initial franchise fee is $35,000']);
    expect(kinds(profile, 'investment')).toEqual(['the total cost to open ranges from $613,000–$1,137,500 depending on the site']);
    expect(kinds(profile, 'royalty')).toEqual(['and the royalty is 6% of gross sales.']);
  });

  test('a table of costs is read row by row, and a cost row is no support', () => {
    const profile = read([
      page(
        '<h1>Franchise investment</h1><table><tr><td>Franchising Fees</td><td>₹ 30 Lacs</td></tr><tr><td>Pre-opening training expenses</td><td>$12,000 – $18,000</td></tr><tr><td>Royalty</td><td>5% of net sales</td></tr></table>',
        { url: 'https://acme.example/franchise-opportunity' },
      ),
    ]);
    expect(kinds(profile, 'franchise-fee')).toEqual(['Franchising Fees: ₹ 30 Lacs']);
    expect(kinds(profile, 'investment')).toEqual(['Pre-opening training expenses: $12,000 – $18,000']);
    expect(kinds(profile, 'royalty')).toEqual(['Royalty: 5% of net sales']);
    expect(kinds(profile, 'support')).toEqual([]);
  });

  test("a table's column headings are read with each row's figures", () => {
    const profile = read([
      page(
        '<h1>Franchise modules</h1><table><tr><th>Module</th><th>Luxury</th><th>Regular</th></tr><tr><td>Franchising Fees</td><td>₹ 30 Lacs</td><td>₹ 20 Lacs</td></tr><tr><td>Royalty</td><td>10%</td><td>8%</td></tr></table>',
        { url: 'https://acme.example/franchise' },
      ),
    ]);
    expect(kinds(profile, 'franchise-fee')).toEqual(['Franchising Fees: Luxury ₹ 30 Lacs, Regular ₹ 20 Lacs']);
    expect(kinds(profile, 'royalty')).toEqual(['Royalty: Luxury 10%, Regular 8%']);
  });

  test('a figure stated to deny it is no figure of the offer, in the facts or in the text', () => {
    const profile = read([
      page('<h1>Why franchise with us</h1><p>We are not a $300k investment. Our total investment is $89,000 to $120,000, training included.</p>', {
        url: 'https://acme.example/franchising',
      }),
    ]);
    expect(kinds(profile, 'investment')).toEqual(['Our total investment is $89,000 to $120,000, training included.']);
    expect(JSON.stringify(profile)).not.toContain('300k');
  });

  test("French figures: droit d'entrée, redevance, apport", () => {
    const profile = read([
      page(
        "<h1>Devenir franchisé</h1><ul><li>Droit d'entrée : 25 000 € HT</li><li>Redevance : 5 % du chiffre d'affaires</li><li>Apport personnel : 60 000 €</li></ul>",
        {
          url: 'https://acme.example/devenir-franchise',
          lang: 'fr',
        },
      ),
    ]);
    expect(kinds(profile, 'franchise-fee')).toEqual(["Droit d'entrée : 25 000 € HT"]);
    expect(kinds(profile, 'royalty')).toEqual(["Redevance : 5 % du chiffre d'affaires"]);
    expect(kinds(profile, 'investment')).toEqual(['Apport personnel : 60 000 €']);
  });
});

describe('services and hours where real sites put them', () => {
  test("a menu page's dishes are its services; a navigation list is not", () => {
    const profile = read([
      page(
        '<nav><ul><li><a href="/">Home</a></li><li><a href="/contact">Contact Us</a></li></ul></nav><h1>Our Menu</h1><h3>Buffalo Wings</h3><p>Crispy, with our house sauce.</p><h3>Baby Back Ribs</h3><p>Slow smoked.</p>',
        {
          url: 'https://acme.example/menu',
        },
      ),
    ]);
    expect(kinds(profile, 'service')).toEqual(['Buffalo Wings', 'Baby Back Ribs']);
  });

  test('hours across table cells', () => {
    const profile = read([page('<table><tr><th>Monday</th><td>9:00 am</td><td>5:00 pm</td></tr><tr><th>Sunday</th><td>Closed</td></tr></table>')]);
    expect(kinds(profile, 'hours')).toEqual(['Monday: 9:00 am 5:00 pm', 'Sunday: Closed']);
  });
});

describe('the greeting speaks whole sentences only', () => {
  test('a description longer than a breath gives no half sentence', () => {
    const long = `Anytime Fitness is the ${'largest and most convenient '.repeat(6)}gym franchise in the world, open around the clock.`;
    const profile = read([page(`<p>${long}</p><p>Call 303-555-0142.</p>`, { head: `<meta name="description" content="${long}">` })]);
    const greeting = greetingFact(profile);
    expect(greeting ?? '').not.toMatch(/\bthe\.$/);
  });
});
