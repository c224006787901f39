// Privacy page content (spec section 2, Privacy page). The privacy e-mail comes from configuration
// through `emailKey`; no contact detail is written here.
import { LEGAL_LAST_UPDATED } from '@franchise-ai/shared/constants';
import type { LegalPageContent } from './types.ts';

export const privacy: LegalPageContent = {
  meta: {
    title: 'Privacy Policy | Franchise AI',
    description:
      'How Franchise AI collects, uses, shares and protects the details you give when you request an AI voice demo, and the choices and rights you have.',
  },
  heading: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'This policy explains what information Franchise AI ("we", "us") collects when you visit this website or request an AI voice-agent demo, how we use and share it, and the choices you have. The site has no accounts or logins: we only collect what you choose to send us and the technical data any website receives.',
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      paragraphs: [
        'We collect only the information described below. This site is meant for business use and is not directed at children; we do not knowingly collect information from anyone under 16.',
      ],
      list: [
        'Demo request details: your name, your company (your franchise brand or franchise location), your business email address, your website if you choose to give it, and whether you are a franchisor or a franchisee.',
        'Phone number: only if you ask your AI agent to call you, so that it can place the demo call.',
        'Voice audio: if you talk to your agent in your browser, your browser first asks for permission to use your microphone. Once you allow it, the audio is streamed to our voice provider for the length of the call so the agent can hear and answer you. The same applies to the audio of a demo phone call. The voice provider may produce a recording or transcript of the call.',
        'Technical data: like any website, our servers and service providers receive your IP address, browser and device type, the pages you view and the date and time of your visit. Cookies are described in their own section below.',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'How We Use Your Information',
      paragraphs: [
        'We use your information only for the purposes below. We do not sell your personal information, and we do not use your phone number for sales calls.',
      ],
      list: [
        'To build your personalized AI agent around your company and business type',
        'To place the demo phone call you request, or to run the conversation in your browser',
        'To email you about the demo you requested and answer your questions',
        'To keep the website and the demo working, secure and free of abuse',
        'To understand how visitors use the site so we can improve it, using aggregated data where possible',
        'To meet our legal obligations',
      ],
    },
    {
      id: 'how-we-share-information',
      heading: 'How We Share Information',
      paragraphs: [
        'We share your information only with the parties listed below, and only as far as they need it. Service providers work on our behalf, are bound by contract to protect your information and may not use it for their own purposes.',
      ],
      list: [
        'Our automation host, which receives your demo request and runs the workflows that build your agent and place your call',
        'Our voice provider, which runs the AI agent for phone and in-browser calls and processes the audio of those calls',
        'Hosting and analytics providers that serve this website and measure how it is used',
        'Authorities or other parties when the law requires it, or to protect our rights, our users or the public',
        'A buyer or successor if our business is sold or merged, under the same protections described here',
      ],
    },
    {
      id: 'data-security',
      heading: 'Data Security',
      paragraphs: [
        'Information you send through this site travels over encrypted HTTPS connections. Access to demo requests is limited to the people and providers who need it, and our providers must apply security measures that fit the sensitivity of the data.',
        'Some of our providers process information outside your country, including in the United States and the European Union. When we transfer personal information across borders, we use the safeguards applicable law requires, such as standard contractual clauses.',
        'No method of transmission or storage is completely secure. If we learn of a breach that affects your personal information, we will notify you and the authorities as the law requires.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Rights and Choices',
      paragraphs: [
        'Depending on where you live, including under the GDPR in the European Union and under state privacy laws in the United States such as the CCPA, you may have the rights listed below over your personal information.',
        'To use any of them, contact our privacy team using the details at the end of this page. We may need to confirm your identity before acting on a request, and we respond within the time the law requires. We will not treat you differently for using your rights, and you may also complain to your local data protection authority.',
      ],
      list: [
        'Access: ask for a copy of the information we hold about you',
        'Correction: ask us to fix information that is wrong or incomplete',
        'Deletion: ask us to delete your information',
        'Restriction and objection: ask us to limit or stop certain uses of your information',
        'Portability: receive your information in a commonly used, machine-readable format',
        'Withdrawal of consent: where we rely on your consent, for example to use your microphone, you can withdraw it at any time',
      ],
    },
    {
      id: 'data-retention',
      heading: 'Data Retention',
      paragraphs: [
        'We keep your demo request only as long as we need it to provide the demo, answer your questions and follow up on your request. Call recordings and transcripts are kept only as long as they are needed to run and improve the demo. After that, we delete the information or make it anonymous.',
        'We keep information longer only when the law requires it, or to resolve disputes and enforce our agreements. You can ask us to delete your information at any time.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and Similar Technologies',
      paragraphs: [
        'Cookies are small files a website stores in your browser. We group the cookies and similar technologies we may use into the four kinds described below.',
        'You can block or delete cookies in your browser settings. If you block essential cookies, parts of the site, including the demo, may not work.',
      ],
      items: [
        {
          title: 'Essential',
          text: 'Needed for the site and the demo to work and to protect the site from abuse. They cannot be turned off.',
        },
        {
          title: 'Analytics',
          text: 'Help us understand how visitors use the site, such as which pages they view, so we can improve it. We use them in aggregated form.',
        },
        {
          title: 'Functional',
          text: 'Remember settings you choose on the site so you do not have to choose them again on your next visit.',
        },
        {
          title: 'Marketing',
          text: 'Help us measure our advertising and show relevant information about our services on other sites. We use them only where you have agreed to them.',
        },
      ],
    },
    {
      id: 'policy-updates',
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this policy when our services or the law change. When we do, we change the "Last updated" date at the top of this page. If a change materially affects how we use your information, we will say so clearly on this site before it takes effect.',
      ],
    },
  ],
  contact: {
    heading: 'Questions About Your Privacy?',
    text: 'Contact our privacy team to ask a question about this policy or to use any of the rights described above.',
    button: 'Contact Privacy Team',
    emailKey: 'privacyEmail',
  },
};
