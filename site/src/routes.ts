import { DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { landing } from './content/landing.ts';
import { privacy } from './content/privacy.ts';
import { terms } from './content/terms.ts';
import { META_FR } from './content/meta-fr.ts';
import { DEFAULT_LANG, type Lang } from './lang.ts';

export interface RouteMeta {
  path: string;
  /** The page's language: its <html lang>, its words and the widget's on /demo. */
  lang: Lang;
  title: string;
  description: string;
  /** Where the prerendered HTML goes, relative to dist/. */
  file: string;
  /** Kept out of search results and the sitemap: a tool for the company's own staff, not a page for prospects. */
  noindex?: true;
  /** The page shows the live widget: its head carries the loader tag (seo/head-tags.ts). */
  widget?: true;
  /**
   * The page is served with the frame's styles alone (src/frame-styles.css, without the landing's,
   * the legal pages' and the embed builder's): /demo, so that on a slow link the widget's file
   * shares the line with 3.5 KB of CSS, not 7 KB.
   */
  frameStylesOnly?: true;
}

type PageSettings = Pick<RouteMeta, 'title' | 'description' | 'noindex' | 'widget' | 'frameStylesOnly'> & { lang?: Lang };

/**
 * The page at `path`, prerendered where a static host looks for it: `/` in index.html, `/demo` in
 * demo/index.html, `/fr/` in fr/index.html.
 */
const page = (path: string, { lang = DEFAULT_LANG, ...meta }: PageSettings): RouteMeta => ({
  path,
  lang,
  ...meta,
  file: path === '/' ? 'index.html' : `${path.slice(1).replace(/\/$/, '')}/index.html`,
});

/**
 * Every page of spec section 2, by name: the one list of the site's routes. The router, every link
 * between pages, the prerender step, the sitemap, the benchmarks and the screenshots read it.
 */
export const PAGES = {
  landing: page('/', landing.meta),
  demo: page('/demo', {
    title: 'Live Franchise AI Demo | Build Your Voice Agent',
    description: `Build your personalized franchise AI voice agent in ${DEMO_PROMISED_SECONDS} seconds, then take a call from it or talk to it in your browser. No sales calls.`,
    widget: true,
    frameStylesOnly: true,
  }),
  embed: page('/embed', {
    title: 'Embed Builder | Put the Franchise AI Demo on Any Page',
    description:
      'Set up the franchise AI demo for a landing page: pick your brand color, who the page is for and a look, watch it live, then copy the snippet for HTML, WordPress, Webflow, Shopify, React or Google Tag Manager.',
    noindex: true,
    widget: true,
  }),
  privacy: page('/privacy', privacy.meta),
  terms: page('/terms', terms.meta),
  // The French site: the same pages but /embed, a tool for the company's own staff.
  frLanding: page('/fr/', { ...META_FR.landing, lang: 'fr' }),
  frDemo: page('/fr/demo', { ...META_FR.demo, lang: 'fr', widget: true, frameStylesOnly: true }),
  frPrivacy: page('/fr/confidentialite', { ...META_FR.privacy, lang: 'fr' }),
  frTerms: page('/fr/conditions', { ...META_FR.terms, lang: 'fr' }),
} satisfies Record<string, RouteMeta>;
export type PageName = keyof typeof PAGES;

/** Every prerendered page, in the sitemap's order; the 404 page is written to 404.html and served with status 404. */
export const ROUTES: RouteMeta[] = Object.values(PAGES);

/**
 * The pages that exist in every language, each language's by the same name: the links between a
 * language's pages, the language switch and the hreflang alternates read this.
 */
export const TRANSLATED = {
  en: { landing: PAGES.landing, demo: PAGES.demo, privacy: PAGES.privacy, terms: PAGES.terms },
  fr: { landing: PAGES.frLanding, demo: PAGES.frDemo, privacy: PAGES.frPrivacy, terms: PAGES.frTerms },
} as const satisfies Record<Lang, Record<string, RouteMeta>>;
export type TranslatedPage = keyof (typeof TRANSLATED)[Lang];

/**
 * `route` in every language, by language; undefined for a page in one language only (/embed, the 404
 * page). Found by path, not by identity: the prerender step holds the routes of the SSR bundle and
 * of src/seo, two copies of this module.
 */
export function translationsOf(route: RouteMeta): Record<Lang, RouteMeta> | undefined {
  const name = (Object.keys(TRANSLATED[route.lang]) as TranslatedPage[]).find((key) => TRANSLATED[route.lang][key].path === route.path);
  return name && { en: TRANSLATED.en[name], fr: TRANSLATED.fr[name] };
}

export const NOT_FOUND: RouteMeta = {
  path: '/404',
  lang: DEFAULT_LANG,
  title: 'Page Not Found | Franchise AI',
  description: 'This page does not exist. Go back to the home page to see AI solutions for franchisors and franchisees.',
  file: '404.html',
};

/** Sections of the landing page the header scrolls to (labels in English; each language's in its site text). */
export const SECTIONS = [
  { id: 'services', label: 'Franchise Solutions' },
  { id: 'about', label: 'How It Works' },
  { id: 'contact', label: 'Get Started' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];
