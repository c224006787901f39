// Landing page content (spec sections 1 and 2).
import { CALL_EXPECTED_MINUTES, DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { OFFERINGS } from '@franchise-ai/shared/offerings';
import { proof } from './proof.ts';
import type { LandingContent, Stat } from './types.ts';

const demoTime = `${DEMO_PROMISED_SECONDS} seconds`;
const callWindow = `${CALL_EXPECTED_MINUTES.min}-${CALL_EXPECTED_MINUTES.max} minutes`;

/**
 * The marketing claims of spec section 1, in its order, each shown exactly once: the first
 * HERO_CLAIMS as the hero's stats, the rest in the results panel.
 */
const CLAIMS: Stat[] = [
  { value: '300%', label: 'Faster lead response', icon: 'zap' },
  { value: '24/7', label: 'Automated support', icon: 'headset' },
  { value: '85%', label: 'Admin time saved', icon: 'hourglass' },
  { value: '$50K+', label: 'Average ROI increase', icon: 'trending-up' },
  { value: '3x', label: 'Faster lead processing', icon: 'gauge' },
  { value: '40%', label: 'Higher conversion', icon: 'target' },
  { value: '60%', label: 'Less admin time', icon: 'clock' },
  { value: '$75K', label: 'Average annual ROI', icon: 'dollar' },
];
const HERO_CLAIMS = 4;
/**
 * What kind of figures the claims are, shown beside each group. The company has no
 * study behind them to cite, so this says they are estimates; replace it with the real basis
 * (and its source) when there is one.
 */
const CLAIMS_BASIS = 'Estimates of typical results, not a guarantee; yours will vary.';

export const landing: LandingContent = {
  meta: {
    title: 'AI Solutions For Franchise Industry | Franchise AI',
    description: `AI automation for franchisors and franchisees: lead qualifying, territory checks, CRM and local marketing. See your own AI demo in ${demoTime}.`,
  },

  hero: {
    eyebrow: 'AI automation for franchisors and franchisees',
    heading: 'AI Solutions For Franchise Industry',
    text: 'AI agents that answer leads, follow up and handle routine admin for franchise brands and their locations, so your team spends its time on the work that needs a person.',
    franchisor: {
      title: 'For Franchisors',
      icon: 'building',
      text: 'Run lead handling, marketing and brand standards for the whole system from one place.',
      features: [
        'Central AI CRM',
        'Predictive analytics',
        'Chatbot and voice assistant',
        'Marketing automation',
        'Reputation and review management',
        'Compliance and brand control',
      ],
      offerings: OFFERINGS.franchisor,
    },
    franchisee: {
      title: 'For Franchisees',
      icon: 'store',
      text: 'Serve local customers faster and keep your calendar and campaigns running without extra staff.',
      features: ['Local CRM and customer engagement tools', 'Smart sales assistant', 'Automated appointment and order management', 'Local campaign execution'],
      offerings: OFFERINGS.franchisee,
    },
    cta: 'See Your Franchise AI in Action',
    ctaNote: `A live demo tailored to your franchise, ready in ${demoTime}. No sales calls.`,
    figures: { audience: 'For franchisors, across their franchise network', basis: CLAIMS_BASIS, stats: CLAIMS.slice(0, HERO_CLAIMS) },
  },

  services: {
    heading: 'Franchise Solutions',
    text: 'Franchise growth stalls in the same places: leads that wait, follow-up that depends on who is on shift, and territory questions nobody can answer quickly. Our AI agents take on that work for brands and for locations.',
    problemsHeading: 'Where franchise teams lose time and leads',
    problems: [
      {
        title: 'Manual Lead Qualification',
        icon: 'user-search',
        text: 'Staff read every inquiry and call prospects back by hand, so good candidates wait days for a first answer and some never get one.',
      },
      {
        title: 'Inconsistent Follow-Up',
        icon: 'message-warning',
        text: 'Follow-up depends on who is available. Messages go out late, in different words at each location, or not at all.',
      },
      {
        title: 'Territory Management',
        icon: 'map',
        text: 'Checking which territories are open means spreadsheets and emails between teams, which slows every conversation with a prospective franchisee.',
      },
    ],
    franchisorHeading: 'Franchisor Solutions',
    franchisorSolutions: [
      {
        title: 'Candidate Qualifying',
        icon: 'user-check',
        text: 'The AI agent answers every franchise inquiry, asks your qualifying questions and sends your development team only the candidates who fit.',
      },
      {
        title: 'Territory Availability Checking',
        icon: 'map-pin-check',
        text: 'Prospects learn right away whether their preferred area is open, based on the territory data you keep up to date.',
      },
      {
        title: 'Franchise Matching',
        icon: 'handshake',
        text: 'Candidates are matched to the brands, formats and locations that suit their budget, experience and goals.',
      },
    ],
    franchiseeHeading: 'Franchisee Solutions',
    franchiseeSolutions: [
      {
        title: 'Customer Support Chatbot',
        icon: 'chatbot',
        text: 'Answers common customer questions on your website and by phone at any hour, and hands anything unusual to your staff.',
      },
      {
        title: 'Marketing Automation',
        icon: 'megaphone',
        text: 'Runs local campaigns, reminders and review requests on schedule, using the messaging your brand has approved.',
      },
      {
        title: 'Operational Automation',
        icon: 'calendar-check',
        text: 'Books appointments, takes orders and updates your CRM, so routine admin no longer fills the working day.',
      },
    ],
    results: {
      heading: 'Results Franchise Teams Can Expect',
      text: 'What changes when leads, follow-up and routine admin run through AI automation.',
      figures: { audience: 'For franchisees, at a single location', basis: CLAIMS_BASIS, stats: CLAIMS.slice(HERO_CLAIMS) },
    },
  },

  about: {
    heading: 'How It Works',
    text: 'From a short form to an AI agent that talks about your franchise: here is how you get yours.',
    steps: [
      {
        title: 'Tell Us About Your Franchise',
        icon: 'clipboard',
        text: 'Enter your name, your franchise brand or location, your business email and, if you like, your website. Choose whether you are a franchisor or a franchisee.',
      },
      {
        title: 'We Build Your Agent',
        icon: 'workflow',
        text: `In about ${demoTime} we set up an AI voice agent with workflows for your business type and your company.`,
      },
      {
        title: 'Talk to It',
        icon: 'phone-call',
        text: `Get a phone call from your agent within ${callWindow}, talk to it right away in your browser with your microphone, or chat with it by text.`,
      },
      {
        title: 'Put It to Work',
        icon: 'rocket',
        text: 'If it fits, we connect the agent to your CRM, calendars and territory data and roll it out across your brand or at your location.',
      },
    ],
  },

  contact: {
    heading: 'See How AI Can Help Your Franchise',
    text: `Try a live AI agent built for your franchise. It takes ${demoTime} and a few details about your business.`,
    cta: 'Explore Live Demo',
    cards: [
      {
        title: 'Learn How It Works',
        icon: 'book',
        text: 'Read the four steps above: from a short form to an agent that qualifies a lead, answers questions and books the next step.',
      },
      {
        title: 'See Real Examples',
        icon: 'headphones',
        // Only what the page has: the live demo, and the sample call once the company supplies one.
        text: proof.sampleCall
          ? 'Hear a recorded sample call at the top of this page, then try the live demo: your own agent, set up with your company name and business type.'
          : 'The live demo is the example: your own agent, set up with your company name and business type, talking about your franchise.',
      },
      {
        title: 'No Pressure Environment',
        icon: 'shield-check',
        text: 'No sales calls or commitments. Try the demo on your own time and decide for yourself.',
      },
    ],
  },
};
