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
}

/** Every prerendered page; the 404 page is written to 404.html and served with status 404. */
export const ROUTES: RouteMeta[] = [
  { path: '/', ...landing.meta, file: 'index.html' },
  {
    path: '/demo',
    title: 'Live Franchise AI Demo | Build Your Voice Agent',
    description: `Build your personalized franchise AI voice agent in ${DEMO_PROMISED_SECONDS} seconds, then take a call from it or talk to it in your browser. No sales calls.`,
    file: 'demo/index.html',
  },
  { path: '/privacy', ...privacy.meta, file: 'privacy/index.html' },
  { path: '/terms', ...terms.meta, file: 'terms/index.html' },
];

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
