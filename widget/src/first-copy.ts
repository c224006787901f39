import { DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { LEAD_EXAMPLES, LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import { LOAD_FAILED } from './load-failed.ts';

/**
 * The texts of the first render: the form, the loading screen and what may replace them. The rest
 * is in later-copy.ts, which travels in the later steps' chunk; copy.ts joins both into the one
 * flat object that names every text.
 */
export const firstCopy = {
  // Configuration problems (shown instead of the form).
  configMissingWebhookBase:
    'This demo is not set up yet: the page must give the widget a valid webhook-base (an http or https URL).',
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
  // Why a field is refused: the lead rules the webhook host applies too (its 400 `fields`).
  ...LEAD_REASONS,
  benefitSpecificTitle: 'Franchise-Specific',
  benefitSpecificText: 'Built around how franchise systems work: brands, territories and locations.',
  benefitRoiTitle: 'Proven ROI',
  benefitRoiText: '300% faster lead response and 85% admin time saved for franchise teams.',
  benefitLiveTitle: 'Live Interaction',
  benefitLiveText: 'Talk to your agent on the phone or right here in your browser.',

  // Step 2: loading.
  loadingHeading: 'Building Your Franchise AI Assistant',
  loadingProgressLabel: 'Demo build progress',
  loadingStage1: "Analyzing {company}'s franchise operations...",
  loadingStage2: 'Building custom franchise automation workflows...',
  loadingStage3: 'Initializing your {businessType} AI assistant...',
  // Read after a finished stage's text by screen readers (the check mark says it on screen).
  loadingStageDone: 'done',
  // Only when the next steps' code is late or failed to arrive (it is fetched during loading).
  laterStepsHeading: 'Almost There',
  laterStepsPending: 'Opening your agent...',
  laterStepsFailed: 'The next step could not be loaded. Check your connection, then try again.',
  laterStepsRetry: 'Try Again',

  // The browser call's status when the assistant cannot be had; also the message of the error event
  // the flow sends then (use-demo-flow.ts), so it is here and not in later-copy.ts.
  statusAssistantError: 'Error getting assistant',
} as const;
