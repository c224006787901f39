import { DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { LEAD_EXAMPLES } from '@franchise-ai/shared/lead-examples';
import { LOAD_FAILED } from '../first-render/chunks/load-failed.ts';

/** The form's texts and what may replace it (src/copy/copy.ts joins all); the shell's markup is rendered from them at build time. */
export const firstCopy = {
  // Configuration problems (shown instead of the form).
  configMissingWebhookBase: 'This demo is not set up yet: the page must give the widget a valid webhook-base (an http or https URL).',
  // Shown by the loader when the widget's code cannot be fetched at all.
  loadFailed: LOAD_FAILED,

  // Step 1: form.
  formHeading: 'Get Your Franchise AI Demo',
  formPromise: `See your personalized franchise AI agent in ${DEMO_PROMISED_SECONDS} seconds. No sales calls.`,
  businessTypeLegend: 'I am a',
  franchisor: 'Franchisor',
  franchisee: 'Franchisee',
  nameLabel: 'Your Name',
  namePlaceholder: 'Jane Smith',
  companyLabelFranchisor: 'Franchise Brand',
  companyLabelFranchisee: 'Franchise Location',
  companyPlaceholderFranchisor: 'Franchise Brand Name',
  companyPlaceholderFranchisee: 'Your Franchise Location',
  emailLabel: 'Business Email Address',
  emailPlaceholder: LEAD_EXAMPLES.email,
  websiteLabel: 'Website (Optional)',
  websitePlaceholder: LEAD_EXAMPLES.website,
  submit: 'Build My Franchise AI Demo',
  submitting: 'Building Your Demo...',
  submitError: 'There was an error creating your demo. Please try again.',
  missingName: 'Enter your name to build your demo.',
  missingCompany: 'Enter your company to build your demo.',
  missingEmail: 'Enter your business email address to build your demo.',
  fieldsInvalid: 'Please correct the fields marked above to build your demo.',
  benefitSpecificTitle: 'Franchise-Specific',
  benefitSpecificText: 'Built around how franchise systems work: brands, territories and locations.',
  benefitRoiTitle: 'Proven ROI',
  // Labeled as the landing labels the same figures: estimates, until the company has a source to cite.
  benefitRoiText: 'Estimated for a franchise network: 300% faster lead response and 85% admin time saved. Typical results, not a guarantee.',
  benefitLiveTitle: 'Live Interaction',
  benefitLiveText: 'Talk to your agent on the phone or right here in your browser.',

  // The launcher's button and panel (variant="launcher").
  launcherOpen: 'Try Your AI Agent',
  launcherClose: 'Close',
  launcherLive: 'Call in progress',
} as const;
