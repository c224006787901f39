import { CALL_DURATION_MINUTES, CALL_EXPECTED_MINUTES, DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { LEAD_EXAMPLES, LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import { LOAD_FAILED } from './load-failed.ts';

const expected = `${CALL_EXPECTED_MINUTES.min}-${CALL_EXPECTED_MINUTES.max} minutes`;
const duration = `${CALL_DURATION_MINUTES.min}-${CALL_DURATION_MINUTES.max} minutes`;

/**
 * Every visible text of the demo flow, English, in one flat object so the
 * widget never spells a text twice. `{name}`-style slots are
 * filled with `fillCopy`.
 */
export const copy = {
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

  // Step 3: congratulations.
  readyHeading: 'Great! Your Custom Agent Is Ready',
  readyIntro: 'Choose how you want to meet your franchise AI agent.',
  callMeTitle: 'Call Me',
  callMeText: `Get a phone call from your agent within ${expected}.`,
  // The option card's button and the phone dialog's submit share one text.
  scheduleCall: 'Schedule Call',
  browserTitle: 'Test In Browser',
  browserText: 'Talk to your agent right now with your microphone.',
  browserButton: 'Start Browser Test',
  agentDetailsHeading: 'Your Agent Details',
  agentNameLabel: 'Name',
  agentCompanyLabel: 'Company',
  agentIdLabel: 'Agent ID',
  phoneDialogTitle: 'Schedule Your Call',
  phoneDialogText: 'Enter the number your AI agent should call.',
  phoneLabel: 'Phone Number',
  phonePlaceholder: '+1 555 123 4567',
  phoneCancel: 'Cancel',
  // The country a number without + is read for; each option reads e.g. 'France (+33)'.
  phoneCountryLabel: 'Country',
  phoneCountryOption: '{country} (+{callingCode})',
  phoneHintLoading: 'Getting phone number formats ready...',
  phoneHintIncomplete: 'Enter a number with area code, or start with + and the country code.',
  phoneHintRulesUnavailable:
    'Phone number formats could not be loaded. Enter your number starting with + and the country code, e.g. +1 555 123 4567.',

  // Step 4: call scheduled.
  callScheduledHeading: 'Call Scheduled!',
  callScheduledText: 'Your franchise AI agent will call you within a few minutes.',
  callExpectedLabel: 'Expected within',
  callExpectedValue: expected,
  callDurationLabel: 'Call duration',
  callDurationValue: duration,
  callFeaturesHeading: 'On the call your agent will',
  callFeature1: 'Greet you by name and talk about {company}',
  callFeature2: 'Qualify a lead the way your team would',
  callFeature3: 'Book a follow-up and answer questions',
  backHome: 'Back to Home',

  // Step 5: browser call.
  welcomeHeading: 'Welcome, {name}!',
  statusGettingAssistant: 'Getting assistant ready...',
  statusAssistantReady: 'Assistant ready',
  statusAssistantError: 'Error getting assistant',
  statusStarting: 'Starting call...',
  statusCallStarted: 'Call started',
  statusSpeaking: 'Assistant speaking...',
  statusListening: 'Listening...',
  statusCallEnded: 'Call ended',
  statusError: 'Error occurred',
  statusNotReady: 'Error: Assistant not ready',
  microphoneBlocked:
    'Your microphone is blocked. Allow it in your browser to talk here, or choose Call Me to get a phone call instead.',
  microphoneNotFound: 'No microphone was found. Connect one to talk here, or choose Call Me to get a phone call instead.',
  microphoneUnavailable:
    'Your microphone could not be started. It may be in use by another app: close it and try again, or choose Call Me to get a phone call instead.',
  startCall: 'Start Call',
  endCall: 'End Call',
  loadingButton: 'Loading...',
  browserFeature1Title: 'Natural Conversation',
  browserFeature1Text: 'Speak as you would with a person; the agent listens and answers in real time.',
  browserFeature2Title: 'Franchise Knowledge',
  browserFeature2Text: 'It knows your company and whether you run the brand or a location.',
  browserFeature3Title: 'Instant Answers',
  browserFeature3Text: 'Hear how it qualifies leads, books appointments and handles questions.',
} as const;

export type CopyKey = keyof typeof copy;

/** Fills `{slot}`s; a slot without a value is left as it is, so a gap shows in review rather than as "undefined". */
export function fillCopy(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => (Object.hasOwn(values, key) ? values[key]! : slot));
}
