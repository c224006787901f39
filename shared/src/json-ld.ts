// The schema.org structured data a page carries as JSON-LD, read defensively: any field may be
// missing, of the wrong type, an array where one value is usual, or nested in `@graph`. Only
// strings (and numbers) a site wrote are returned, never composed values.

export type JsonObject = Record<string, unknown>;

const MAX_NODES = 2000;
const MAX_DEPTH = 12;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as one or more items: JSON-LD writes one value or an array alike. */
export const many = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** A field's text when it is a string or a number (trimmed, whitespace squashed), else ''. */
export function text(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  return value.replace(/\s+/g, ' ').trim();
}

/** A node's types without any `https://schema.org/` prefix: `['Restaurant']`. */
export const typesOf = (node: JsonObject): string[] =>
  many(node['@type'])
    .map(text)
    .filter(Boolean)
    .map((type) => type.replace(/^https?:\/\/schema\.org\//i, ''));

/** Every object in the JSON-LD values, at any depth (`@graph`, `department`, `address`…), in document order. */
export function allNodes(values: unknown[]): JsonObject[] {
  const nodes: JsonObject[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (nodes.length >= MAX_NODES || depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    nodes.push(value);
    for (const key of Object.keys(value)) visit(value[key], depth + 1);
  };
  for (const value of values) visit(value, 0);
  return nodes;
}

const ORGANIZATION =
  /^(Organization|Corporation|LocalBusiness|FoodEstablishment|Restaurant|Store|ProfessionalService|MedicalBusiness|ExerciseGym|HealthClub|ChildCare|Bakery|CafeOrCoffeeShop)$/;
/** Fields only a business or a place of one carries: a node with one is a business whatever its subtype. */
const BUSINESS_FIELDS = [
  'openingHoursSpecification',
  'openingHours',
  'priceRange',
  'servesCuisine',
  'hasOfferCatalog',
  'makesOffer',
  'department',
  'subOrganization',
];

/**
 * Organization, LocalBusiness or any of its hundreds of subtypes (Restaurant, HairSalon, Dentist…):
 * by a known type, a business's fields, or an address with a way to reach it. A person is none.
 */
export function isBusiness(node: JsonObject): boolean {
  const types = typesOf(node);
  if (types.some((type) => type === 'Person' || type === 'PostalAddress')) return false;
  if (types.some((type) => ORGANIZATION.test(type) || /Business$|Store$|Salon$|Restaurant$|Service$|Shop$/.test(type))) return true;
  return BUSINESS_FIELDS.some((field) => field in node) || ('address' in node && ('telephone' in node || 'email' in node));
}

/** A PostalAddress's parts, when it has a city. */
export interface Address {
  street?: string;
  city: string;
  region?: string;
  postalCode?: string;
  country?: string;
}

export function addressesOf(node: JsonObject): Address[] {
  const addresses: Address[] = [];
  for (const address of many(node.address)) {
    if (!isObject(address)) continue;
    const city = text(address.addressLocality);
    if (!city) continue;
    const country = text(address.addressCountry) || (isObject(address.addressCountry) ? text(address.addressCountry.name) : '');
    addresses.push({
      city,
      ...(text(address.streetAddress) && { street: text(address.streetAddress) }),
      ...(text(address.addressRegion) && { region: text(address.addressRegion) }),
      ...(text(address.postalCode) && { postalCode: text(address.postalCode) }),
      ...(country && { country }),
    });
  }
  return addresses;
}

const DAY = /^(?:https?:\/\/schema\.org\/)?(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|PublicHolidays)$/i;

/**
 * A business's opening hours as lines: each `openingHours` string as written, and each
 * `openingHoursSpecification` as its days, opening and closing times joined (`Monday, Tuesday
 * 09:00–17:00`): every word of the line is one of the node's values.
 */
export function hoursOf(node: JsonObject): string[] {
  const lines = many(node.openingHours).map(text).filter(Boolean);
  for (const spec of many(node.openingHoursSpecification)) {
    if (!isObject(spec)) continue;
    const days = many(spec.dayOfWeek)
      .map((day) => DAY.exec(text(day))?.[1])
      .filter((day): day is string => Boolean(day));
    const opens = text(spec.opens);
    const closes = text(spec.closes);
    if (days.length === 0 || !opens || !closes) continue;
    lines.push(`${days.join(', ')} ${opens}–${closes}`);
  }
  return lines;
}

const OFFERED = /^(Service|Product|MenuItem|Offer|IndividualProduct|ProductModel|FoodService)$/;

/** Names of what a business offers: `hasOfferCatalog` items (nested catalogs too) and `makesOffer`. */
export function servicesOf(node: JsonObject): string[] {
  const names: string[] = [];
  for (const item of allNodes([node.hasOfferCatalog, node.makesOffer])) {
    if (!typesOf(item).some((type) => OFFERED.test(type))) continue;
    // An Offer names what it offers in itemOffered, which is visited on its own.
    if (typesOf(item).includes('Offer') && isObject(item.itemOffered)) continue;
    const name = text(item.name);
    if (name) names.push(name);
  }
  return names;
}

/** A business's contact values: telephone and email as written (a `mailto:` prefix dropped). */
export const telephoneOf = (node: JsonObject): string => text(node.telephone);
export const emailOf = (node: JsonObject): string => text(node.email).replace(/^mailto:/i, '');
