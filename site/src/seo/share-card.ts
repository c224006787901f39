// What a link to the site shows when shared: the product's name and the landing page's promise,
// drawn into a 1200 x 630 image at build time (scripts/og-image.mjs), the size Open Graph and
// X (summary_large_image) cards display without cropping.
import { landing } from '../content/landing.ts';

export const SITE_NAME = 'Franchise AI';

export const SHARE_IMAGE = {
  /** Where the image is served, relative to the site's root. */
  path: '/og-image.png',
  width: 1200,
  height: 630,
  heading: landing.hero.heading,
  alt: `${SITE_NAME}: ${landing.hero.heading}`,
} as const;
