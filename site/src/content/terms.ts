// Terms page content (spec section 2, Terms page; figures from spec section 9 via `TERMS`). The legal
// e-mail comes from configuration through `emailKey`. The governing-law jurisdiction is configuration
// too (VITE_JURISDICTION): the spec leaves it open, so a default build shows "[Jurisdiction]" and
// the production build warns until it is set.
import { DEMO_PROMISED_SECONDS, LEGAL_LAST_UPDATED, TERMS } from '@franchise-ai/shared/constants';
import { config } from '../config.ts';
import type { LegalPageContent } from './types.ts';

export const terms: LegalPageContent = {
  meta: {
    title: 'Terms of Service | Franchise AI',
    description:
      'The terms for using Franchise AI: the service and free demo, your responsibilities, payment and billing, service levels, termination and liability.',
  },
  heading: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'These Terms of Service ("Terms") govern your use of the Franchise AI website, the free AI voice-agent demo and our paid AI automation services (together, the "Service"). Please read them carefully.',
  sections: [
    {
      id: 'acceptance-of-terms',
      heading: 'Acceptance of Terms',
      paragraphs: [
        'By using the Service, you agree to these Terms and to our Privacy Policy. If you use the Service on behalf of a company, you confirm that you are authorized to accept these Terms for it, and "you" includes that company. If you do not agree, do not use the Service.',
        'We may update these Terms from time to time. We will change the "Last updated" date above and, for material changes to paid plans, notify account holders in advance. Continuing to use the Service after a change takes effect means you accept the updated Terms.',
      ],
    },
    {
      id: 'service-description',
      heading: 'Description of Service',
      paragraphs: [
        'Franchise AI provides AI automation for franchisors and franchisees, including AI CRM tools, predictive analytics, chatbots and voice assistants, marketing automation, reputation and review management, appointment and order management, and compliance and brand control tools.',
        `On this website you can request a free, personalized AI voice-agent demo, built in about ${DEMO_PROMISED_SECONDS} seconds and delivered as a phone call or as a conversation in your browser. The demo shows what the Service can do; it is not a production system, and its answers are examples, not advice.`,
        'AI-generated responses can be inaccurate or incomplete. You are responsible for reviewing how the Service handles your customers and prospects and for the decisions you make based on it.',
      ],
    },
    {
      id: 'user-responsibilities',
      heading: 'User Responsibilities',
      paragraphs: ['When you use the Service, you agree to:'],
      list: [
        'Give accurate and current information, including in demo requests',
        'Keep your account credentials confidential and tell us promptly about any unauthorized use of your account',
        'Enter only a phone number that is yours or that you are authorized to receive calls on',
        'Have the rights and consents needed for any data you bring to the Service, including consent from the people your AI agents contact',
        'Comply with all laws that apply to your use, including privacy, consumer protection, telemarketing and franchise disclosure laws',
      ],
    },
    {
      id: 'prohibited-uses',
      heading: 'Prohibited Uses',
      paragraphs: ['You may not use the Service to:'],
      list: [
        'Break any law or regulation, or infringe the rights of others',
        'Send spam, place unsolicited automated calls or messages, or contact people without the consent the law requires',
        'Impersonate any person or organization, or mislead people about who they are talking to',
        'Upload malware or interfere with the security, integrity or performance of the Service',
        'Gain unauthorized access to the Service, other accounts or our systems',
        'Copy, reverse engineer or resell the Service, or use it to build a competing product',
        'Scrape the Service or overload it with automated requests',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual Property',
      paragraphs: [
        'The Service, including its software, AI agents, workflows, design, text and trademarks, belongs to Franchise AI and its licensors and is protected by intellectual property laws. We give you a limited, non-exclusive, non-transferable right to use the Service under these Terms; all other rights are reserved.',
        'You keep ownership of the content and data you provide. You give us permission to use it only as needed to provide, secure and improve the Service for you. If you send us feedback, we may use it without any obligation to you.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of Liability',
      paragraphs: [
        'The Service, including the free demo, is provided "as is" and "as available". To the fullest extent permitted by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.',
        'To the fullest extent permitted by law, Franchise AI is not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, revenue, data or business opportunities arising from your use of the Service. Our total liability for any claim relating to the Service is limited to the fees you paid us in the 12 months before the claim arose.',
        'Some jurisdictions do not allow these exclusions or limits, so some of them may not apply to you.',
      ],
    },
    {
      id: 'payment-and-billing',
      heading: 'Payment and Billing',
      paragraphs: ['Paid plans are billed as follows:'],
      list: [
        'Fees are paid in advance and are non-refundable except as required by law.',
        'Subscriptions auto-renew at the end of each billing period unless canceled before the renewal date.',
        `Price changes need ${TERMS.priceChangeNoticeDays} days notice: we will tell you at least ${TERMS.priceChangeNoticeDays} days before a new price applies to your subscription.`,
        'You can cancel at any time through your account settings. Cancellation takes effect at the end of the current billing period, and you keep access until then.',
      ],
    },
    {
      id: 'service-level',
      heading: 'Service Level',
      paragraphs: ['For paid plans, we aim to meet the following service levels:'],
      list: [
        `${TERMS.uptimeTargetPercent}% monthly uptime target`,
        `API response under ${TERMS.apiResponseUnderSeconds} seconds`,
        '24/7 monitoring of the Service',
      ],
    },
    {
      id: 'termination-and-suspension',
      heading: 'Termination and Suspension',
      paragraphs: [
        'You may stop using the Service and cancel your subscription at any time, as described under Payment and Billing.',
        'We may suspend or end your access to the Service if you breach these Terms, if you do not pay fees when due, if your use creates a security or legal risk, or if the law requires it. Where reasonable, we will tell you first and give you a chance to fix the problem.',
        'When your access ends, your right to use the Service stops. Sections that by their nature should continue, including Intellectual Property, Limitation of Liability and Governing Law, remain in effect.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing Law',
      paragraphs: [
        `These Terms are governed by the laws of ${config.jurisdiction}, without regard to its conflict of law rules. Any dispute arising from these Terms or the Service will be resolved in the courts of ${config.jurisdiction}, unless the law where you live gives you the right to bring it elsewhere.`,
      ],
    },
  ],
  contact: {
    heading: 'Questions About These Terms?',
    text: 'Contact our legal team if you have a question about these Terms or your use of the Service.',
    button: 'Contact Legal Team',
    emailKey: 'legalEmail',
  },
};
