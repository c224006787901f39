// The site's own words in English, around the pages' content: header, footer, labels.
import { OFFERINGS } from '@franchise-ai/shared/offerings';
import { SECTIONS } from '../routes.ts';
import type { SiteText } from './types.ts';

export const siteText: SiteText = {
  skipLink: 'Skip to content',
  sections: Object.fromEntries(SECTIONS.map((section) => [section.id, section.label])) as SiteText['sections'],
  demoLink: 'See My Franchise AI',
  nav: { main: 'Main', mobile: 'Mobile', legal: 'Legal', menu: 'Menu', openMenu: 'Open menu', closeMenu: 'Close menu' },
  footer: { tagline: 'AI automation for franchisors and franchisees.', phoneUs: 'US', phoneFr: 'FR', rights: 'All rights reserved.' },
  lastUpdated: 'Last updated',
  landing: {
    figuresLabel: 'Results at a glance',
    offerings: 'Offerings:',
    call: {
      agentName: 'Your franchise AI agent',
      tags: [OFFERINGS.franchisor[0], OFFERINGS.franchisor[1]],
      illustration: 'Illustration: an AI voice agent on a call, qualifying a franchise candidate and checking territory availability',
      status: 'On a call with a franchise candidate',
      lines: [
        'Thanks for your interest in the franchise! Can I ask a few questions about your plans?',
        "Sure. I'd like to open a location near where I live.",
        "Great. Tell me the area and I'll check territory availability for you right now.",
      ],
    },
    sampleCall: {
      heading: 'A sample call with our AI agent, and its transcript',
      status: 'A recorded sample call',
      play: 'Hear a sample call',
      pause: 'Pause the sample call',
    },
  },
  demo: {
    intro: 'Build a franchise AI voice agent from your own website, then take a call from it or talk to it in your browser. No sales calls.',
    noScript: ['The live demo runs in your browser and needs JavaScript. Turn it on and reload this page to build your franchise AI agent, or write to', '.'],
  },
};
