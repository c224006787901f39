import { BUSINESS_TYPES } from '@franchise-ai/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_HOME_URL,
  parseConfig,
  WIDGET_ATTRIBUTES,
  type RawAttributes,
  type WidgetAttribute,
  type WidgetConfig,
  type WebhookBaseProblem,
  webhookBaseProblem,
} from './attribute-rules.ts';
import { toPropName } from './prop-names.ts';

const DEFAULTS: WidgetConfig = {
  webhookBase: null,
  publicKey: null,
  businessType: 'franchisor',
  homeUrl: '/',
  voiceApiBase: undefined,
  voiceAvoidEval: false,
  analytics: null,
  companyName: 'Franchise AI',
  privacyUrl: null,
  nextUrl: null,
};

/** parseConfig with a spy for `warn`. */
function parse(raw: RawAttributes) {
  const warn = vi.fn<(message: string) => void>();
  const config = parseConfig(raw, warn);
  return { config, warnings: warn.mock.calls.map(([message]) => message) };
}

type Value = string | null | undefined;
/** [label, raw value, expected config value, warns?] for one attribute. */
type Row<T> = [string, Value, T, boolean];

/** One attribute at a time: the others stay absent, so their defaults must not move. */
function expectOne<K extends keyof WidgetConfig>(attribute: WidgetAttribute, key: K, value: Value, expected: WidgetConfig[K], warns: boolean) {
  const { config, warnings } = parse({ [attribute]: value });
  expect(config).toEqual({ ...DEFAULTS, [key]: expected });
  expect(warnings).toHaveLength(warns ? 1 : 0);
  if (warns) expect(warnings[0]).toContain(attribute);
}

describe('parseConfig: defaults', () => {
  it('an element with no attributes gets the defaults and no warning', () => {
    expect(parse({})).toEqual({ config: DEFAULTS, warnings: [] });
  });

  it('null (getAttribute of a missing attribute) is the same as absent', () => {
    const raw = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute) => [attribute, null])) as RawAttributes;
    expect(parse(raw)).toEqual({ config: DEFAULTS, warnings: [] });
  });

  it('the home-url default is /', () => {
    expect(DEFAULT_HOME_URL).toBe('/');
  });
});

describe('parseConfig: webhook-base', () => {
  it.each<Row<string | null>>([
    ['missing', undefined, null, false],
    ['null', null, null, false],
    ['empty', '', null, false],
    ['blank', '   \t', null, false],
    ['https URL', 'https://hooks.example.com/webhook/franchise', 'https://hooks.example.com/webhook/franchise', false],
    ['http URL', 'http://localhost:5678/webhook/franchise', 'http://localhost:5678/webhook/franchise', false],
    // Trailing slashes are kept: joinUrl forgives them where a path is joined (the one place).
    ['a trailing slash kept', 'https://hooks.example.com/webhook/franchise/', 'https://hooks.example.com/webhook/franchise/', false],
    ['many trailing slashes kept', 'https://hooks.example.com/webhook/franchise///', 'https://hooks.example.com/webhook/franchise///', false],
    ['surrounding spaces trimmed', '  https://hooks.example.com/webhook/franchise/  ', 'https://hooks.example.com/webhook/franchise/', false],
    ['origin only keeps its slash', 'https://hooks.example.com/', 'https://hooks.example.com/', false],
    ['origin only, as the parser writes it', 'https://hooks.example.com', 'https://hooks.example.com/', false],
    ['upper-case scheme accepted, normalised', 'HTTPS://Hooks.Example.com/webhook/x', 'https://hooks.example.com/webhook/x', false],
    ['a port is kept', 'https://hooks.example.com:8443/webhook/x', 'https://hooks.example.com:8443/webhook/x', false],
    ['the default port is dropped', 'https://hooks.example.com:443/webhook/x', 'https://hooks.example.com/webhook/x', false],
    ['a path with a space is percent-encoded', 'https://hooks.example.com/web hook/x', 'https://hooks.example.com/web%20hook/x', false],
    ['dot segments are resolved', 'https://hooks.example.com/a/../webhook/x', 'https://hooks.example.com/webhook/x', false],
    // The parser reads these as absolute URLs; so do the requests, never relative to the page.
    ['http:host/x is http://host/x', 'http:hooks.example.com/webhook/x', 'http://hooks.example.com/webhook/x', false],
    ['https:/host/x is https://host/x', 'https:/hooks.example.com/webhook/x', 'https://hooks.example.com/webhook/x', false],
    ['backslashes are slashes in http(s) URLs', 'https:\\\\hooks.example.com\\webhook', 'https://hooks.example.com/webhook', false],
    ['user and password are refused', 'https://user:pw@hooks.example.com/webhook/x', null, true],
    ['a user alone is refused', 'https://user@hooks.example.com/webhook/x', null, true],
    ['a password alone is refused', 'https://:pw@hooks.example.com/webhook/x', null, true],
    ['a query is refused', 'https://hooks.example.com/webhook/x?token=1', null, true],
    ['an empty query is refused', 'https://hooks.example.com/webhook/x?', null, true],
    ['a fragment is refused', 'https://hooks.example.com/webhook/x#top', null, true],
    ['an empty fragment is refused', 'https://hooks.example.com/webhook/x#', null, true],
    ['a query on the origin is refused', 'https://hooks.example.com?x', null, true],
    ['relative path is invalid', '/webhook/franchise', null, true],
    ['bare host is invalid', 'hooks.example.com/webhook', null, true],
    ['ftp is invalid', 'ftp://hooks.example.com/webhook', null, true],
    ['javascript: is invalid', 'javascript:alert(1)', null, true],
    ['data: is invalid', 'data:text/plain,hi', null, true],
    ['scheme without host is invalid', 'https://', null, true],
    ['garbage is invalid', 'not a url', null, true],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('webhook-base', 'webhookBase', value, expected, warns);
  });

  it('the warning quotes the bad value', () => {
    expect(parse({ 'webhook-base': 'nope' }).warnings).toEqual([expect.stringContaining('"nope"')]);
  });

  it.each<[string, string]>([
    ['nope', 'webhook-base "nope" is not an absolute http(s) URL; the demo cannot be used until it is fixed.'],
    [
      'https://u:p@h.example/w',
      'webhook-base "https://u:p@h.example/w" must not contain a user name or password (user:password@), which browsers refuse to send; the demo cannot be used until it is fixed.',
    ],
    [
      'https://h.example/w?x',
      'webhook-base "https://h.example/w?x" must not contain a query (?) or fragment (#): the endpoint paths (/demo_form, ...) are appended to it; the demo cannot be used until it is fixed.',
    ],
  ])('the warning for %j says what is wrong', (value, warning) => {
    expect(parse({ 'webhook-base': value }).warnings).toEqual([warning]);
  });
});

describe('webhookBaseProblem', () => {
  const url = (value: string) => new URL(value);
  it.each<[string, URL | null, WebhookBaseProblem | null]>([
    ['unparseable', null, 'not-http-url'],
    ['https', url('https://h.example/w'), null],
    ['http', url('http://127.0.0.1:8787/webhook/x'), null],
    ['ftp', url('ftp://h.example/w'), 'not-http-url'],
    ['mailto', url('mailto:a@h.example'), 'not-http-url'],
    ['file', url('file:///etc/passwd'), 'not-http-url'],
    ['user', url('https://u@h.example/w'), 'credentials'],
    ['password', url('https://:p@h.example/w'), 'credentials'],
    ['credentials and a query: credentials first', url('https://u:p@h.example/w?x'), 'credentials'],
    ['query', url('https://h.example/w?x=1'), 'query-or-fragment'],
    ['empty query', url('https://h.example/w?'), 'query-or-fragment'],
    ['fragment', url('https://h.example/w#f'), 'query-or-fragment'],
    ['empty fragment', url('https://h.example/w#'), 'query-or-fragment'],
    ['an encoded ? in the path is no query', url('https://h.example/w%3Fx'), null],
  ])('%s -> %j', (_label, value, problem) => {
    expect(webhookBaseProblem(value)).toBe(problem);
  });
});

describe('parseConfig: public-key', () => {
  it.each<Row<string | null>>([
    ['missing', undefined, null, false],
    ['blank', '  ', null, false],
    ['a key', 'pk_123', 'pk_123', false],
    ['a key with spaces around', '  pk_123 ', 'pk_123', false],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('public-key', 'publicKey', value, expected, warns);
  });
});

describe('parseConfig: business-type', () => {
  it.each<Row<'franchisor' | 'franchisee'>>([
    ['missing', undefined, 'franchisor', false],
    ['null', null, 'franchisor', false],
    ['empty', '', 'franchisor', false],
    ['blank', '  ', 'franchisor', false],
    ['franchisor', 'franchisor', 'franchisor', false],
    ['franchisee', 'franchisee', 'franchisee', false],
    ['upper case', 'FRANCHISEE', 'franchisee', false],
    ['mixed case', 'Franchisee', 'franchisee', false],
    ['mixed case franchisor', 'FranChisor', 'franchisor', false],
    ['spaces around', '  franchisee ', 'franchisee', false],
    ['unknown value', 'owner', 'franchisor', true],
    ['a typo', 'franchise', 'franchisor', true],
    ['both', 'franchisor franchisee', 'franchisor', true],
  ])('%s: %j -> %s', (_label, value, expected, warns) => {
    expectOne('business-type', 'businessType', value, expected, warns);
  });

  it('the warning names the allowed values and the fallback', () => {
    const [warning] = parse({ 'business-type': 'owner' }).warnings;
    expect(warning).toContain('"owner"');
    for (const type of BUSINESS_TYPES) expect(warning).toContain(type);
  });
});

describe('parseConfig: home-url', () => {
  it.each<Row<string>>([
    ['missing', undefined, '/', false],
    ['null', null, '/', false],
    ['empty', '', '/', false],
    ['blank', '   ', '/', false],
    ['a path', '/home', '/home', false],
    ['spaces around', '  /home  ', '/home', false],
    ['an absolute URL', 'https://www.example.com/', 'https://www.example.com/', false],
    ['an http URL', 'http://localhost:8080/home', 'http://localhost:8080/home', false],
    ['upper-case scheme', 'HTTPS://www.example.com/', 'HTTPS://www.example.com/', false],
    ['a relative path', 'home/index.html', 'home/index.html', false],
    ['a parent path', '../', '../', false],
    ['a query only', '?from=demo', '?from=demo', false],
    ['a fragment only', '#top', '#top', false],
    ["protocol-relative (takes the page's http(s))", '//www.example.com/', '//www.example.com/', false],
    ['javascript:', 'javascript:alert(1)', '/', true],
    ['javascript: in capitals', 'JavaScript:alert(1)', '/', true],
    ['javascript: with spaces around', '  javascript:alert(1) ', '/', true],
    ['javascript: split by a tab (the URL parser drops it)', 'java\tscript:alert(1)', '/', true],
    ['javascript: split by a newline', 'java\nscript:alert(1)', '/', true],
    ['vbscript:', 'vbscript:msgbox(1)', '/', true],
    ['data:', 'data:text/html,<script>alert(1)</script>', '/', true],
    ['mailto:', 'mailto:sales@example.com', '/', true],
    ['ftp:', 'ftp://files.example.com/', '/', true],
    ['a scheme without a host', 'https://', '/', true],
    ['an unparseable host', 'https://exa mple.com', '/', true],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('home-url', 'homeUrl', value, expected, warns);
  });

  it('the warning quotes the bad value and names the fallback', () => {
    const [warning] = parse({ 'home-url': 'javascript:alert(1)' }).warnings;
    expect(warning).toBe('home-url "javascript:alert(1)" is not a relative or http(s) URL; using /.');
  });
});

describe('parseConfig: next-url (a link, like privacy-url: none by default)', () => {
  it.each<Row<string | null>>([
    ['missing: none', undefined, null, false],
    ['blank: none', '   ', null, false],
    ['a path', '/book', '/book', false],
    ['an absolute URL, trimmed', ' https://partner.example/book?from=demo ', 'https://partner.example/book?from=demo', false],
    ['javascript:', 'javascript:alert(1)', null, true],
    ['mailto:', 'mailto:sales@example.com', null, true],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('next-url', 'nextUrl', value, expected, warns);
  });
});

describe('parseConfig: privacy-url (a link, like home-url, but none by default)', () => {
  it.each<Row<string | null>>([
    ['missing: no link', undefined, null, false],
    ['null (removed): no link', null, null, false],
    ['empty: no link', '', null, false],
    ['blank: no link', '   ', null, false],
    ['a path', '/privacy', '/privacy', false],
    ['spaces around', '  /privacy  ', '/privacy', false],
    ['an absolute URL', 'https://www.example.com/privacy', 'https://www.example.com/privacy', false],
    ['protocol-relative', '//www.example.com/privacy', '//www.example.com/privacy', false],
    ['javascript:', 'javascript:alert(1)', null, true],
    ['javascript: split by a tab', 'java\tscript:alert(1)', null, true],
    ['data:', 'data:text/html,<script>alert(1)</script>', null, true],
    ['mailto:', 'mailto:privacy@example.com', null, true],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('privacy-url', 'privacyUrl', value, expected, warns);
  });

  it('the warning quotes the bad value and says no link is shown', () => {
    expect(parse({ 'privacy-url': 'javascript:alert(1)' }).warnings).toEqual([
      'privacy-url "javascript:alert(1)" is not a relative or http(s) URL; no link is shown.',
    ]);
  });
});

describe('parseConfig: company-name', () => {
  it.each<Row<string>>([
    ['missing: the default', undefined, 'Franchise AI', false],
    ['empty: the default', '', 'Franchise AI', false],
    ['blank: the default', '  ', 'Franchise AI', false],
    ['a name', 'Acme Franchise Group', 'Acme Franchise Group', false],
    ['spaces around', '  Acme  ', 'Acme', false],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('company-name', 'companyName', value, expected, warns);
  });
});

describe('parseConfig: voice-api-base', () => {
  it.each<Row<string | undefined>>([
    ['missing', undefined, undefined, false],
    ['null', null, undefined, false],
    ['empty', '', undefined, false],
    ['blank', ' ', undefined, false],
    ['https URL', 'https://api.example.com', 'https://api.example.com', false],
    ['http localhost', 'http://127.0.0.1:4010', 'http://127.0.0.1:4010', false],
    ['trailing slashes trimmed', 'https://api.example.com/v1//', 'https://api.example.com/v1', false],
    ['spaces around trimmed', '  https://api.example.com/  ', 'https://api.example.com', false],
    ['not a URL', 'api.example.com', undefined, true],
    ['wrong scheme', 'ws://api.example.com', undefined, true],
    ['garbage', '%%%', undefined, true],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('voice-api-base', 'voiceApiBase', value, expected, warns);
  });
});

describe('parseConfig: voice-avoid-eval (a boolean attribute)', () => {
  it.each<Row<boolean>>([
    ['absent', undefined, false, false],
    ['null (removed)', null, false, false],
    ['bare attribute ""', '', true, false],
    ['"true"', 'true', true, false],
    ['"TRUE"', 'TRUE', true, false],
    ['" true "', ' true ', true, false],
    ['its own name', 'voice-avoid-eval', true, false],
    ['its own name, upper case', 'VOICE-AVOID-EVAL', true, false],
    ['blank', '   ', true, false],
    ['"false"', 'false', false, false],
    ['"False"', 'False', false, false],
    ['"maybe"', 'maybe', false, true],
    ['"1"', '1', false, true],
    ['"no"', 'no', false, true],
  ])('%s: %j -> %s', (_label, value, expected, warns) => {
    expectOne('voice-avoid-eval', 'voiceAvoidEval', value, expected, warns);
  });
});

describe('parseConfig: analytics (opt-in)', () => {
  it.each<Row<'datalayer' | null>>([
    ['absent: off', undefined, null, false],
    ['null (removed): off', null, null, false],
    ['empty: off', '', null, false],
    ['blank: off', '  ', null, false],
    ['datalayer', 'datalayer', 'datalayer', false],
    ['GTM spelling dataLayer', 'dataLayer', 'datalayer', false],
    ['spaces around', ' datalayer ', 'datalayer', false],
    ['an unknown target: off', 'segment', null, true],
    ['"true" is no target: off', 'true', null, true],
    ['a typo: off', 'data-layer', null, true],
  ])('%s: %j -> %j', (_label, value, expected, warns) => {
    expectOne('analytics', 'analytics', value, expected, warns);
  });

  it('the warning quotes the value and names what is accepted', () => {
    expect(parse({ analytics: 'gtag' }).warnings).toEqual(['analytics "gtag" is not one of datalayer; analytics stay off.']);
  });
});

describe('parseConfig: warnings', () => {
  it('a fully valid element warns nothing', () => {
    const { config, warnings } = parse({
      'webhook-base': 'https://hooks.example.com/webhook/franchise/',
      'public-key': 'pk_123',
      'business-type': 'franchisee',
      'home-url': '/start',
      'voice-api-base': 'https://api.example.com/',
      'voice-avoid-eval': '',
      analytics: 'datalayer',
      'company-name': 'Acme',
      'privacy-url': '/privacy',
      'next-url': 'https://partner.example/book',
    });
    expect(warnings).toEqual([]);
    expect(config).toEqual({
      webhookBase: 'https://hooks.example.com/webhook/franchise/',
      publicKey: 'pk_123',
      businessType: 'franchisee',
      homeUrl: '/start',
      voiceApiBase: 'https://api.example.com',
      voiceAvoidEval: true,
      analytics: 'datalayer',
      companyName: 'Acme',
      privacyUrl: '/privacy',
      nextUrl: 'https://partner.example/book',
    });
  });

  it('every invalid attribute warns exactly once, each naming its attribute', () => {
    const { config, warnings } = parse({
      'webhook-base': 'nope',
      'public-key': 'pk',
      'business-type': 'owner',
      'home-url': 'javascript:void 0',
      'voice-api-base': 'nope',
      'voice-avoid-eval': 'maybe',
      analytics: 'maybe',
      'privacy-url': 'javascript:void 0',
      'next-url': 'javascript:void 0',
    });
    expect(config).toEqual({ ...DEFAULTS, publicKey: 'pk' });
    expect(warnings).toHaveLength(8);
    for (const attribute of ['webhook-base', 'business-type', 'home-url', 'voice-api-base', 'voice-avoid-eval', 'analytics', 'privacy-url', 'next-url']) {
      expect(warnings.filter((warning) => warning.startsWith(`${attribute} `))).toHaveLength(1);
    }
  });

  it('parsing the same raw values twice gives equal configs and the same warnings', () => {
    const raw: RawAttributes = { 'webhook-base': 'x', 'business-type': 'y' };
    expect(parse(raw)).toEqual(parse(raw));
  });
});

/** What a link to `homeUrl` opens from an https page: never anything but http(s). */
const isSafeHomeUrl = (homeUrl: string) => homeUrl.length > 0 && ['http:', 'https:'].includes(new URL(homeUrl, 'https://partner.example/page').protocol);

describe('parseConfig never throws', () => {
  // One warning at most per attribute that can be wrong (public-key and company-name take any string).
  const MOST_WARNINGS = WIDGET_ATTRIBUTES.length - 2;
  const GARBAGE: string[] = [
    '',
    ' ',
    '\u0000',
    '\uFFFF\uD800',
    '🚀🚀🚀',
    'null',
    'undefined',
    '[object Object]',
    '{"a":1}',
    '<script>alert(1)</script>',
    'http://',
    'https://[::1',
    'https://exa mple.com',
    'http://%zz',
    '//example.com',
    '\\\\server\\share',
    'x'.repeat(100_000),
    `https://${'a'.repeat(70_000)}.com/${'/'.repeat(10_000)}`,
    '/'.repeat(50_000),
    'constructor',
    '__proto__',
    'toString',
  ];

  it.each(GARBAGE.map((value) => [value.length > 60 ? `${value.slice(0, 40)}… (${value.length} chars)` : value, value]))(
    'every attribute = %j',
    (_label, value) => {
      const raw = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute) => [attribute, value])) as RawAttributes;
      const warn = vi.fn();
      let config: WidgetConfig | undefined;
      expect(() => (config = parseConfig(raw, warn))).not.toThrow();
      expect(BUSINESS_TYPES).toContain(config!.businessType);
      expect(typeof config!.voiceAvoidEval).toBe('boolean');
      expect(config!.webhookBase === null || /^https?:\/\//i.test(config!.webhookBase)).toBe(true);
      expect(config!.voiceApiBase === undefined || /^https?:\/\//i.test(config!.voiceApiBase)).toBe(true);
      expect(isSafeHomeUrl(config!.homeUrl)).toBe(true);
      expect(config!.privacyUrl === null || isSafeHomeUrl(config!.privacyUrl)).toBe(true);
      expect(warn.mock.calls.length).toBeLessThanOrEqual(MOST_WARNINGS);
    },
  );

  it('random strings (seeded) never throw and warn at most once per attribute', () => {
    let seed = 0x2f6b3a1d;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
    const pieces = [
      'http',
      'https',
      'javascript',
      'data',
      ':',
      '//',
      '/',
      ' ',
      '\t',
      'a',
      'Z',
      '9',
      '%',
      '@',
      '#',
      '?',
      '.',
      '[',
      ']',
      'é',
      '\u0000',
      'true',
      'false',
      'franchisee',
    ];
    const randomString = () => Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    // Plain checks in the loop and one assertion at the end: 2,000 rounds of `expect` and `vi.fn`
    // timed out on a loaded machine, the parsing itself takes milliseconds.
    const failures: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const raw = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute) => [attribute, random() < 0.1 ? undefined : randomString()])) as RawAttributes;
      let warnings = 0;
      try {
        const config = parseConfig(raw, () => void warnings++);
        if (!isSafeHomeUrl(config.homeUrl)) failures.push(`unsafe home URL ${JSON.stringify(config.homeUrl)} from ${JSON.stringify(raw)}`);
        if (config.privacyUrl !== null && !isSafeHomeUrl(config.privacyUrl))
          failures.push(`unsafe privacy URL ${JSON.stringify(config.privacyUrl)} from ${JSON.stringify(raw)}`);
        if (warnings > MOST_WARNINGS) failures.push(`${warnings} warnings for ${JSON.stringify(raw)}`);
      } catch (error) {
        failures.push(`${String(error)} for ${JSON.stringify(raw)}`);
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });
});

describe('WIDGET_ATTRIBUTES', () => {
  it('each attribute sets its own config field', () => {
    // A value each attribute takes; the field it sets is its prop name (the element's property).
    const valid: Record<WidgetAttribute, string> = {
      'webhook-base': 'https://h.example.com/w',
      'public-key': 'pk',
      'business-type': 'franchisee',
      'home-url': '/x',
      'voice-api-base': 'https://api.example.com',
      'voice-avoid-eval': 'true',
      analytics: 'datalayer',
      'company-name': 'Acme',
      'privacy-url': '/privacy',
      'next-url': '/book',
    };
    for (const attribute of WIDGET_ATTRIBUTES) {
      const { config } = parse({ [attribute]: valid[attribute] });
      const changed = (Object.keys(DEFAULTS) as Array<keyof WidgetConfig>).filter((k) => config[k] !== DEFAULTS[k]);
      expect(changed, attribute).toEqual([toPropName(attribute)]);
    }
  });
});
