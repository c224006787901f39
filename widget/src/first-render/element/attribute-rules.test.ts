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
  variant: 'inline',
  position: 'bottom-right',
  voiceApiBase: undefined,
  voiceAvoidEval: false,
  analytics: null,
  companyName: 'Franchise AI',
  privacyUrl: null,
  nextUrl: null,
  theme: 'light',
  contactEmail: null,
  contactPhone: null,
};

const VALID: Record<WidgetAttribute, string> = {
  'webhook-base': 'https://h.example.com/w',
  'public-key': 'pk',
  'business-type': 'franchisee',
  'home-url': '/x',
  variant: 'launcher',
  position: 'top-left',
  'voice-api-base': 'https://api.example.com/',
  'voice-avoid-eval': 'true',
  analytics: 'datalayer',
  'company-name': 'Acme',
  'privacy-url': '/privacy',
  'next-url': '/book',
  theme: 'dark',
  'contact-email': 'team@franchise-ai.example',
  'contact-phone': '+1 (202) 555-0123',
};

function parse(raw: RawAttributes) {
  const warn = vi.fn<(message: string) => void>();
  const config = parseConfig(raw, warn);
  return { config, warnings: warn.mock.calls.map(([message]) => message) };
}

describe('parseConfig: defaults', () => {
  it('an element with no attributes, or each one null (getAttribute of a missing one), gets the defaults and no warning', () => {
    const raw = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute) => [attribute, null])) as RawAttributes;
    for (const attributes of [{}, raw]) expect(parse(attributes)).toEqual({ config: DEFAULTS, warnings: [] });
    expect(DEFAULT_HOME_URL).toBe('/');
  });
  // A boolean attribute is the exception: present and empty is true (its own table).
  const TEXT_ATTRIBUTES = WIDGET_ATTRIBUTES.filter((attribute) => attribute !== 'voice-avoid-eval');
  it.each(TEXT_ATTRIBUTES.flatMap((attribute) => [undefined, null, '', '  \t'].map((value) => [attribute, value] as const)))(
    '%s = %j gives the default, no warning',
    (attribute, value) => {
      expect(parse({ [attribute]: value })).toEqual({ config: DEFAULTS, warnings: [] });
    },
  );
});

const url = (value: string) => new URL(value);
it.each<[string, URL | null, WebhookBaseProblem | null]>([
  ['unparseable', null, 'not-http-url'],
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
  ['a query on the origin', url('https://h.example?x'), 'query-or-fragment'],
])('webhookBaseProblem, %s -> %j', (_label, value, problem) => {
  expect(webhookBaseProblem(value)).toBe(problem);
});

describe('parseConfig: one attribute at a time', () => {
  it.each<[WidgetAttribute, string, string | null | undefined, unknown, boolean]>([
    ['webhook-base', 'https URL', 'https://hooks.example.com/webhook/franchise', 'https://hooks.example.com/webhook/franchise', false],
    ['webhook-base', 'http URL', 'http://localhost:5678/webhook/franchise', 'http://localhost:5678/webhook/franchise', false],
    ['webhook-base', 'a trailing slash kept', 'https://hooks.example.com/webhook/franchise/', 'https://hooks.example.com/webhook/franchise/', false],
    ['webhook-base', 'many trailing slashes kept', 'https://hooks.example.com/webhook/franchise///', 'https://hooks.example.com/webhook/franchise///', false],
    ['webhook-base', 'surrounding spaces trimmed', '  https://hooks.example.com/webhook/franchise/  ', 'https://hooks.example.com/webhook/franchise/', false],
    ['webhook-base', 'origin only keeps its slash', 'https://hooks.example.com/', 'https://hooks.example.com/', false],
    ['webhook-base', 'origin only, as the parser writes it', 'https://hooks.example.com', 'https://hooks.example.com/', false],
    ['webhook-base', 'upper-case scheme accepted, normalised', 'HTTPS://Hooks.Example.com/webhook/x', 'https://hooks.example.com/webhook/x', false],
    ['webhook-base', 'a port is kept', 'https://hooks.example.com:8443/webhook/x', 'https://hooks.example.com:8443/webhook/x', false],
    ['webhook-base', 'the default port is dropped', 'https://hooks.example.com:443/webhook/x', 'https://hooks.example.com/webhook/x', false],
    ['webhook-base', 'a path with a space is percent-encoded', 'https://hooks.example.com/web hook/x', 'https://hooks.example.com/web%20hook/x', false],
    ['webhook-base', 'dot segments are resolved', 'https://hooks.example.com/a/../webhook/x', 'https://hooks.example.com/webhook/x', false],
    ['webhook-base', 'http:host/x is http://host/x', 'http:hooks.example.com/webhook/x', 'http://hooks.example.com/webhook/x', false],
    ['webhook-base', 'https:/host/x is https://host/x', 'https:/hooks.example.com/webhook/x', 'https://hooks.example.com/webhook/x', false],
    ['webhook-base', 'backslashes are slashes in http(s) URLs', 'https:\\\\hooks.example.com\\webhook', 'https://hooks.example.com/webhook', false],
    ['webhook-base', 'a fragment is refused', 'https://hooks.example.com/webhook/x#top', null, true],
    ['webhook-base', 'relative path is invalid', '/webhook/franchise', null, true],
    ['webhook-base', 'bare host is invalid', 'hooks.example.com/webhook', null, true],
    ['webhook-base', 'ftp is invalid', 'ftp://hooks.example.com/webhook', null, true],
    ['webhook-base', 'javascript: is invalid', 'javascript:alert(1)', null, true],
    ['webhook-base', 'data: is invalid', 'data:text/plain,hi', null, true],
    ['webhook-base', 'scheme without host is invalid', 'https://', null, true],
    ['webhook-base', 'garbage is invalid', 'not a url', null, true],
    ['public-key', 'a key', 'pk_123', 'pk_123', false],
    ['public-key', 'a key with spaces around', '  pk_123 ', 'pk_123', false],
    ['business-type', 'franchisor', 'franchisor', 'franchisor', false],
    ['business-type', 'franchisee', 'franchisee', 'franchisee', false],
    ['business-type', 'upper case', 'FRANCHISEE', 'franchisee', false],
    ['business-type', 'mixed case', 'Franchisee', 'franchisee', false],
    ['business-type', 'mixed case franchisor', 'FranChisor', 'franchisor', false],
    ['business-type', 'spaces around', '  franchisee ', 'franchisee', false],
    ['business-type', 'unknown value', 'owner', 'franchisor', true],
    ['business-type', 'a typo', 'franchise', 'franchisor', true],
    ['business-type', 'both', 'franchisor franchisee', 'franchisor', true],
    ['home-url', 'a path', '/home', '/home', false],
    ['home-url', 'spaces around', '  /home  ', '/home', false],
    ['home-url', 'an absolute URL', 'https://www.example.com/', 'https://www.example.com/', false],
    ['home-url', 'an http URL', 'http://localhost:8080/home', 'http://localhost:8080/home', false],
    ['home-url', 'upper-case scheme', 'HTTPS://www.example.com/', 'HTTPS://www.example.com/', false],
    ['home-url', 'a relative path', 'home/index.html', 'home/index.html', false],
    ['home-url', 'a parent path', '../', '../', false],
    ['home-url', 'a query only', '?from=demo', '?from=demo', false],
    ['home-url', 'a fragment only', '#top', '#top', false],
    ['home-url', "protocol-relative (takes the page's http(s))", '//www.example.com/', '//www.example.com/', false],
    ['home-url', 'javascript:', 'javascript:alert(1)', '/', true],
    ['home-url', 'javascript: in capitals', 'JavaScript:alert(1)', '/', true],
    ['home-url', 'javascript: with spaces around', '  javascript:alert(1) ', '/', true],
    ['home-url', 'javascript: split by a tab (the URL parser drops it)', 'java\tscript:alert(1)', '/', true],
    ['home-url', 'javascript: split by a newline', 'java\nscript:alert(1)', '/', true],
    ['home-url', 'vbscript:', 'vbscript:msgbox(1)', '/', true],
    ['home-url', 'data:', 'data:text/html,<script>alert(1)</script>', '/', true],
    ['home-url', 'mailto:', 'mailto:sales@example.com', '/', true],
    ['home-url', 'ftp:', 'ftp://files.example.com/', '/', true],
    ['home-url', 'a scheme without a host', 'https://', '/', true],
    ['home-url', 'an unparseable host', 'https://exa mple.com', '/', true],
    ['next-url', 'a path', '/book', '/book', false],
    ['next-url', 'an absolute URL, trimmed', ' https://partner.example/book?from=demo ', 'https://partner.example/book?from=demo', false],
    ['next-url', 'javascript:', 'javascript:alert(1)', null, true],
    ['next-url', 'mailto:', 'mailto:sales@example.com', null, true],
    ['contact-email', 'an address, trimmed', ' team@acme.example ', 'team@acme.example', false],
    ['contact-email', 'no address', 'team at acme', null, true],
    ['contact-email', 'a mailto: link is not an address', 'mailto:team@acme.example', null, true],
    ['contact-phone', 'as people write it: E.164 for tel:', '+1 (202) 555-0123', '+12025550123', false],
    ['contact-phone', 'no country code', '202 555 0123', null, true],
    ['contact-phone', 'letters', '+1 800 FLOWERS', null, true],
    ['privacy-url', 'a path', '/privacy', '/privacy', false],
    ['privacy-url', 'spaces around', '  /privacy  ', '/privacy', false],
    ['privacy-url', 'an absolute URL', 'https://www.example.com/privacy', 'https://www.example.com/privacy', false],
    ['privacy-url', 'protocol-relative', '//www.example.com/privacy', '//www.example.com/privacy', false],
    ['privacy-url', 'javascript:', 'javascript:alert(1)', null, true],
    ['privacy-url', 'javascript: split by a tab', 'java\tscript:alert(1)', null, true],
    ['privacy-url', 'data:', 'data:text/html,<script>alert(1)</script>', null, true],
    ['privacy-url', 'mailto:', 'mailto:privacy@example.com', null, true],
    ['company-name', 'a name', 'Acme Franchise Group', 'Acme Franchise Group', false],
    ['company-name', 'spaces around', '  Acme  ', 'Acme', false],
    ['voice-api-base', 'https URL', 'https://api.example.com', 'https://api.example.com', false],
    ['voice-api-base', 'http localhost', 'http://127.0.0.1:4010', 'http://127.0.0.1:4010', false],
    ['voice-api-base', 'trailing slashes trimmed', 'https://api.example.com/v1//', 'https://api.example.com/v1', false],
    ['voice-api-base', 'spaces around trimmed', '  https://api.example.com/  ', 'https://api.example.com', false],
    ['voice-api-base', 'not a URL', 'api.example.com', undefined, true],
    ['voice-api-base', 'wrong scheme', 'ws://api.example.com', undefined, true],
    ['voice-api-base', 'garbage', '%%%', undefined, true],
    ['voice-avoid-eval', 'bare attribute ""', '', true, false],
    ['voice-avoid-eval', 'blank', '   ', true, false],
    ['voice-avoid-eval', '"true"', 'true', true, false],
    ['voice-avoid-eval', '"TRUE"', 'TRUE', true, false],
    ['voice-avoid-eval', '" true "', ' true ', true, false],
    ['voice-avoid-eval', 'its own name', 'voice-avoid-eval', true, false],
    ['voice-avoid-eval', 'its own name, upper case', 'VOICE-AVOID-EVAL', true, false],
    ['voice-avoid-eval', '"false"', 'false', false, false],
    ['voice-avoid-eval', '"False"', 'False', false, false],
    ['voice-avoid-eval', '"maybe"', 'maybe', false, true],
    ['voice-avoid-eval', '"1"', '1', false, true],
    ['voice-avoid-eval', '"no"', 'no', false, true],
    ['analytics', 'datalayer', 'datalayer', 'datalayer', false],
    ['analytics', 'GTM spelling dataLayer', 'dataLayer', 'datalayer', false],
    ['analytics', 'spaces around', ' datalayer ', 'datalayer', false],
    ['analytics', 'an unknown target: off', 'segment', null, true],
    ['analytics', '"true" is no target: off', 'true', null, true],
    ['analytics', 'a typo: off', 'data-layer', null, true],
    ['theme', 'light', 'light', 'light', false],
    ['theme', 'dark', 'dark', 'dark', false],
    ['theme', 'auto', 'auto', 'auto', false],
    ['theme', 'upper case, as the stylesheet matches it', 'DARK', 'dark', false],
    ['theme', 'spaces around: the stylesheet would not match it', ' dark ', 'light', true],
    ['theme', 'an unknown value', 'night', 'light', true],
  ])('%s, %s: %j -> %j', (attribute, _label, value, expected, warns) => {
    const { config, warnings } = parse({ [attribute]: value });
    expect(config).toEqual({ ...DEFAULTS, [toPropName(attribute)]: expected });
    expect(warnings).toHaveLength(warns ? 1 : 0);
    if (warns) expect(warnings[0]).toContain(attribute);
  });
  it.each<[WidgetAttribute, string, string]>([
    ['webhook-base', 'nope', 'webhook-base "nope" is not an absolute http(s) URL; the demo cannot be used until it is fixed.'],
    [
      'webhook-base',
      'https://u:p@h.example/w',
      'webhook-base "https://u:p@h.example/w" must not contain a user name or password (user:password@), which browsers refuse to send; the demo cannot be used until it is fixed.',
    ],
    [
      'webhook-base',
      'https://h.example/w?x',
      'webhook-base "https://h.example/w?x" must not contain a query (?) or fragment (#): the endpoint paths (/demo_form, ...) are appended to it; the demo cannot be used until it is fixed.',
    ],
    ['business-type', 'owner', 'business-type "owner" is not one of franchisor, franchisee; using franchisor.'],
    ['home-url', 'javascript:alert(1)', 'home-url "javascript:alert(1)" is not a relative or http(s) URL; using /.'],
    ['privacy-url', 'javascript:alert(1)', 'privacy-url "javascript:alert(1)" is not a relative or http(s) URL; no link is shown.'],
    ['analytics', 'gtag', 'analytics "gtag" is not one of datalayer; analytics stay off.'],
    ['theme', 'night', 'theme "night" is not one of light, dark, auto; using light.'],
  ])('the warning for %s=%j quotes it, says what is wrong and what is used instead', (attribute, value, warning) => {
    expect(parse({ [attribute]: value }).warnings).toEqual([warning]);
  });
});

describe('parseConfig: warnings', () => {
  it('a fully valid element warns nothing, and each attribute sets its own config field, its prop name (the element property)', () => {
    const all = parse(VALID);
    expect(all.warnings).toEqual([]);
    for (const attribute of WIDGET_ATTRIBUTES) {
      const { config } = parse({ [attribute]: VALID[attribute] });
      const changed = (Object.keys(DEFAULTS) as Array<keyof WidgetConfig>).filter((k) => config[k] !== DEFAULTS[k]);
      expect(changed, attribute).toEqual([toPropName(attribute)]);
      expect(all.config[toPropName(attribute)], attribute).toBe(config[toPropName(attribute)]);
    }
  });
  it('every invalid attribute warns exactly once, each naming its attribute; parsed again, the same config and warnings', () => {
    const raw: RawAttributes = {
      'webhook-base': 'nope',
      'public-key': 'pk',
      'business-type': 'owner',
      'home-url': 'javascript:void 0',
      'voice-api-base': 'nope',
      'voice-avoid-eval': 'maybe',
      analytics: 'maybe',
      'privacy-url': 'javascript:void 0',
      'next-url': 'javascript:void 0',
      theme: 'night',
      'contact-email': 'nobody',
      'contact-phone': '555',
    };
    const { config, warnings } = parse(raw);
    expect(parse(raw)).toEqual({ config, warnings });
    expect(config).toEqual({ ...DEFAULTS, publicKey: 'pk' });
    expect(warnings).toHaveLength(11);
    for (const attribute of [
      'webhook-base',
      'business-type',
      'home-url',
      'voice-api-base',
      'voice-avoid-eval',
      'analytics',
      'privacy-url',
      'next-url',
      'theme',
      'contact-email',
      'contact-phone',
    ]) {
      expect(warnings.filter((warning) => warning.startsWith(`${attribute} `))).toHaveLength(1);
    }
  });
});

/** What a link to `homeUrl` opens from an https page: never anything but http(s). */
const isSafeHomeUrl = (homeUrl: string) => homeUrl.length > 0 && ['http:', 'https:'].includes(new URL(homeUrl, 'https://partner.example/page').protocol);

// One warning at most per attribute that can be wrong (public-key and company-name take any string).
const MOST_WARNINGS = WIDGET_ATTRIBUTES.length - 2;
const GARBAGE: string[] = [
  '',
  ' ',
  ...'\u0000|\uFFFF\uD800|🚀🚀🚀|null|undefined|[object Object]|{"a":1}|<script>alert(1)</script>|http://|https://[::1|https://exa mple.com'.split('|'),
  ...'http://%zz|//example.com|\\\\server\\share|constructor|__proto__|toString'.split('|'),
  'x'.repeat(100_000),
  `https://${'a'.repeat(70_000)}.com/${'/'.repeat(10_000)}`,
  '/'.repeat(50_000),
];
it.each(GARBAGE.map((value) => [value.length > 60 ? `${value.slice(0, 40)}… (${value.length} chars)` : value, value]))(
  'parseConfig never throws, every attribute = %j',
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
