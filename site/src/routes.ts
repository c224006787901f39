import { DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { landing } from './content/landing.ts';
import { privacy } from './content/privacy.ts';
import { terms } from './content/terms.ts';

export interface RouteMeta {
  path: string;
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
   * shares the line with 3.5 KB of CSS, not 7 KB (issue 32).
   */
  frameStylesOnly?: true;
}

/** The page at `path`, prerendered where a static host looks for it: `/` in index.html, `/demo` in demo/index.html. */
const page = (path: string, meta: Pick<RouteMeta, 'title' | 'description' | 'noindex' | 'widget' | 'frameStylesOnly'>): RouteMeta => ({
  path,
  ...meta,
  file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
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
      'Set up the franchise AI demo for a landing page: pick your brand colour, who the page is for and a look, watch it live, then copy the snippet for HTML, WordPress, Webflow, Shopify, React or Google Tag Manager.',
    noindex: true,
    widget: true,
  }),
  privacy: page('/privacy', privacy.meta),
  terms: page('/terms', terms.meta),
} satisfies Record<string, RouteMeta>;
export type PageName = keyof typeof PAGES;

/** Every prerendered page, in the sitemap's order; the 404 page is written to 404.html and served with status 404. */
export const ROUTES: RouteMeta[] = Object.values(PAGES);

export const NOT_FOUND: RouteMeta = {
  path: '/404',
  title: 'Page Not Found | Franchise AI',
  description: 'This page does not exist. Go back to the home page to see AI solutions for franchisors and franchisees.',
  file: '404.html',
};

/** Sections of the landing page the header scrolls to. */
export const SECTIONS = [
  { id: 'services', label: 'Franchise Solutions' },
  { id: 'about', label: 'How It Works' },
  { id: 'contact', label: 'Get Started' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];
