import { BUSINESS_TYPES, DEFAULT_COMPANY_NAME, type BusinessType } from '@franchise-ai/shared/constants';
import { isHttpUrl, parseUrl, withoutTrailingSlashes } from '@franchise-ai/shared/web-url';
import { contactEmail, contactPhone } from '@franchise-ai/shared/follow-up-contact';
import { parseChoice, POSITIONS, VARIANTS, type Layout, type Position, type Variant } from './layout-rules.ts';

/** The element's public attributes: one list, everything else derives from it. */
export const WIDGET_ATTRIBUTES = [
  'webhook-base',
  'public-key',
  'business-type',
  'home-url',
  'variant',
  'position',
  'voice-api-base',
  'voice-avoid-eval',
  'analytics',
  'company-name',
  'privacy-url',
  'next-url',
  'theme',
  'contact-email',
  'contact-phone',
] as const;
export type WidgetAttribute = (typeof WIDGET_ATTRIBUTES)[number];

/** What each attribute accepts in typed markup (JSX); invalid strings still only fall back with a warning. */
export type WidgetAttributeValue<Attribute extends WidgetAttribute> = Attribute extends 'business-type'
  ? BusinessType
  : Attribute extends 'voice-avoid-eval'
    ? boolean | '' | 'true' | 'false'
    : Attribute extends 'analytics'
      ? AnalyticsTarget
      : Attribute extends 'theme'
        ? Theme
        : Attribute extends 'variant'
          ? Variant
          : Attribute extends 'position'
            ? Position
            : string;

/** The element's attributes for typed markup: all optional but `webhook-base`, without which there is no demo. */
export type FranchiseAiDemoAttributes = { [Attribute in WidgetAttribute]?: WidgetAttributeValue<Attribute> } & Required<
  Pick<{ [Attribute in WidgetAttribute]: WidgetAttributeValue<Attribute> }, 'webhook-base'>
>;

/** Where `analytics` sends the widget's events: only `window.dataLayer` so far (data-layer.ts). */
export const ANALYTICS_TARGETS = ['datalayer'] as const;
export type AnalyticsTarget = (typeof ANALYTICS_TARGETS)[number];

/** The widget's colours: `light` (the default), `dark`, or `auto`, which follows the visitor's `prefers-color-scheme`. */
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

/** Raw attribute values as the element has them: a string, or undefined when absent. */
export type RawAttributes = Partial<Record<WidgetAttribute, string | null | undefined>>;

export interface WidgetConfig extends Layout {
  /**
   * The parsed and normalised base (WHATWG URL serialisation, no query or fragment) every endpoint
   * is built from (joinUrl, which also forgives its trailing slashes); `null` when missing or
   * unusable: the widget shows a configuration message instead of the form.
   */
  webhookBase: string | null;
  publicKey: string | null;
  businessType: BusinessType;
  homeUrl: string;
  /** `undefined`: the voice client's own default. */
  voiceApiBase: string | undefined;
  voiceAvoidEval: boolean;
  /** `null`: off, the page hears the DOM events only. */
  analytics: AnalyticsTarget | null;
  /** Who calls, as the phone dialog's consent words name it when the host issues none (`calls.consent`). */
  companyName: string;
  /**
   * The privacy policy the consent words link to when the host issues none: a relative or http(s) URL, as given; `null` when
   * the page gave none (or an unusable one): the words then have no link, never a guessed address.
   */
  privacyUrl: string | null;
  /**
   * The partner's next page after a call: where 'Book a discovery call' goes, a relative
   * or http(s) URL; it wins over the host's `calls.followUp.bookingUrl` (flow/next-step.ts).
   * `null` when the page gave none (or an unusable one).
   */
  nextUrl: string | null;
  /** Drawn by styles.css from the attribute itself (`:host([theme=dark i])`), so it matches a value only as given, not trimmed. */
  theme: Theme;
  /** The company's email and E.164 phone, the endings' link without a booking page; they win over the host's `calls.followUp.contact`. */
  contactEmail: string | null;
  contactPhone: string | null;
}

export const DEFAULT_HOME_URL = '/';

type Warn = (message: string) => void;

/** Attribute values → config. An invalid value falls back to its default with one warning, never a throw. */
export function parseConfig(raw: RawAttributes, warn: Warn): WidgetConfig {
  return {
    webhookBase: parseWebhookBase(raw['webhook-base'], warn),
    publicKey: raw['public-key']?.trim() || null,
    businessType: parseChoice('business-type', raw['business-type'], BUSINESS_TYPES, warn),
    homeUrl: parseLinkUrl('home-url', raw['home-url'], DEFAULT_HOME_URL, warn),
    variant: parseChoice('variant', raw['variant'], VARIANTS, warn),
    position: parseChoice('position', raw['position'], POSITIONS, warn),
    voiceApiBase: parseOptionalUrl('voice-api-base', raw['voice-api-base'], warn),
    voiceAvoidEval: parseBoolean('voice-avoid-eval', raw['voice-avoid-eval'], warn),
    analytics: parseAnalytics(raw['analytics'], warn),
    companyName: raw['company-name']?.trim() || DEFAULT_COMPANY_NAME,
    privacyUrl: parseLinkUrl('privacy-url', raw['privacy-url'], null, warn),
    nextUrl: parseLinkUrl('next-url', raw['next-url'], null, warn),
    theme: parseTheme(raw['theme'], warn),
    contactEmail: parseContact('contact-email', raw['contact-email'], contactEmail, warn),
    contactPhone: parseContact('contact-phone', raw['contact-phone'], contactPhone, warn),
  };
}

/** Why a webhook-base cannot work, or null when it can. */
export type WebhookBaseProblem = 'not-http-url' | 'credentials' | 'query-or-fragment';

/**
 * Judges the parsed value, not the string: what the URL parser makes of `http:host/x` (that is
 * `http://host/x`, absolute) is what the requests will use, so it is never resolved against the page.
 */
export function webhookBaseProblem(url: URL | null): WebhookBaseProblem | null {
  if (!isHttpUrl(url) || url.hostname === '') return 'not-http-url';
  // fetch throws on a URL with credentials, so such a base could never send anything.
  if (url.username !== '' || url.password !== '') return 'credentials';
  // The endpoint paths are appended to the base: after a `?` or `#` all three would be one URL.
  // (An empty `?` or `#` leaves search and hash empty, so the serialisation is what tells.)
  if (/[?#]/.test(url.href)) return 'query-or-fragment';
  return null;
}

const WEBHOOK_BASE_PROBLEMS: Record<WebhookBaseProblem, string> = {
  'not-http-url': 'is not an absolute http(s) URL',
  credentials: 'must not contain a user name or password (user:password@), which browsers refuse to send',
  'query-or-fragment': 'must not contain a query (?) or fragment (#): the endpoint paths (/demo_form, ...) are appended to it',
};

function parseWebhookBase(value: string | null | undefined, warn: Warn): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const url = parseUrl(trimmed);
  const problem = webhookBaseProblem(url);
  if (problem) {
    warn(`webhook-base "${value}" ${WEBHOOK_BASE_PROBLEMS[problem]}; the demo cannot be used until it is fixed.`);
    return null;
  }
  return url!.href;
}

const RELATIVE_BASE = 'https://relative.invalid/';

/**
 * 'Back to Home' and the privacy policy are links the visitor follows: only a relative URL (the
 * browser resolves it against the page, so it keeps the page's http(s)) or an absolute http(s)
 * URL. Anything else, `javascript:` above all, would run or open something the page never meant to.
 */
function parseLinkUrl<Fallback extends string | null>(
  name: WidgetAttribute,
  value: string | null | undefined,
  fallback: Fallback,
  warn: Warn,
): string | Fallback {
  const trimmed = value?.trim();
  if (!trimmed) return fallback;
  // The same WHATWG parser the browser uses for the href: a relative URL takes this base's scheme,
  // an absolute one keeps its own, however it is spelled (`JavaScript:`, `java\tscript:`, ...).
  if (isHttpUrl(parseUrl(trimmed, RELATIVE_BASE))) return trimmed;
  warn(`${name} "${value}" is not a relative or http(s) URL; ${fallback === null ? 'no link is shown' : `using ${fallback}`}.`);
  return fallback;
}

function parseContact(name: WidgetAttribute, value: string | null | undefined, read: (text: string) => string | null, warn: Warn): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const contact = read(trimmed);
  if (contact === null)
    warn(
      `${name} "${value}" is not ${name === 'contact-email' ? 'an email address' : 'an international number (+ and country code first)'}; no link is shown.`,
    );
  return contact;
}

/** Opt-in only: absent or empty is off; a value we do not know is off too, with a warning, never a guess. */
function parseAnalytics(value: string | null | undefined, warn: Warn): AnalyticsTarget | null {
  const trimmed = value?.trim().toLowerCase();
  if (!trimmed) return null;
  if ((ANALYTICS_TARGETS as readonly string[]).includes(trimmed)) return trimmed as AnalyticsTarget;
  warn(`analytics "${value}" is not one of ${ANALYTICS_TARGETS.join(', ')}; analytics stay off.`);
  return null;
}

/** Case aside, exactly as styles.css's selectors match it: ` dark ` is no theme there, so it warns here. */
function parseTheme(value: string | null | undefined, warn: Warn): Theme {
  if (!value?.trim()) return DEFAULT_THEME;
  const theme = THEMES.find((candidate) => candidate === value.toLowerCase());
  if (theme) return theme;
  warn(`theme "${value}" is not one of ${THEMES.join(', ')}; using ${DEFAULT_THEME}.`);
  return DEFAULT_THEME;
}

function parseOptionalUrl(name: WidgetAttribute, value: string | null | undefined, warn: Warn): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  // The voice client appends its paths to this base as it is.
  if (isHttpUrl(parseUrl(trimmed))) return withoutTrailingSlashes(trimmed);
  warn(`${name} "${value}" is not an http(s) URL; using the default.`);
  return undefined;
}

/** A present attribute is true (`""`, `"true"`, the attribute's own name); `"false"` is false. */
function parseBoolean(name: WidgetAttribute, value: string | null | undefined, warn: Warn): boolean {
  if (value === undefined || value === null) return false;
  const normalized = value.trim().toLowerCase();
  if (normalized === '' || normalized === 'true' || normalized === name) return true;
  if (normalized === 'false') return false;
  warn(`${name} "${value}" is not true or false; using false.`);
  return false;
}
