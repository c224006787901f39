import { CALL_DURATION_MINUTES, CALL_EXPECTED_MINUTES } from '@franchise-ai/shared/constants';
import { CONSENT_WORDS_EN } from '@franchise-ai/shared/consent-words';
import { LEAD_REASONS } from '@franchise-ai/shared/lead-rules';

const expected = `${CALL_EXPECTED_MINUTES.min}-${CALL_EXPECTED_MINUTES.max} minutes`;
const duration = `${CALL_DURATION_MINUTES.min}-${CALL_DURATION_MINUTES.max} minutes`;
/** shared/src/call-policy.ts's PHONE_EXAMPLE, spelled here so this chunk does not pull in libphonenumber-js; copy.test.ts holds them equal. */
const PHONE_EXAMPLE = '+1 201 555 0123';

/** The texts from the form's sending on (src/copy/copy.ts joins all). */
export const laterCopy = {
  // Why a field is refused: the lead rules, which the hosts apply too (their 400 `fields`).
  ...LEAD_REASONS,
  // Step 2: loading.
  loadingHeading: 'Building Your Franchise AI Assistant',
  loadingProgressLabel: 'Demo build progress',
  // {companyPossessive}: possessive.ts, so 'Acme Burgers' reads "Acme Burgers'", not "Burgers's".
  loadingStage1: 'Analyzing {companyPossessive} franchise operations...',
  loadingStage2: 'Building custom franchise automation workflows...',
  loadingStage3: 'Initializing your {businessType} AI assistant...',
  // Read after a finished stage's text by screen readers (the check mark says it on screen).
  loadingStageDone: 'done',
  assemblyLabel: 'Your agent',
  assemblyOfferingsLabel: 'What it will do',
  secondsLeft: '{seconds} s left',
  firstWordsHeading: 'On the phone, your agent opens with',
  firstWordsWaiting: 'Its first words are written once your website has been read.',
  learnedHeading: 'What we learned',
  learnedReading: 'Reading {website}...',
  learnedUnreadable: "We couldn't read {website}; your agent will use what you told us.",
  // Between a label and what follows it (a fact's kind, a caption's speaker): French sets a space before the colon.
  labelColon: ':',
  learnedLocation: 'Location',
  learnedInvestment: 'Investment',
  learnedFranchiseFee: 'Franchise fee',
  learnedRoyalty: 'Royalty',
  learnedTerritory: 'Territory',
  learnedSupport: 'Support',
  learnedService: 'Offers',
  learnedHours: 'Hours',
  learnedTelephone: 'Phone',
  learnedEmail: 'Email',
  // Step 3: congratulations.
  // Under 'Call Scheduled!' when the host said it placed no call (no voice configured there).
  callNotPlaced: 'Test host: no call is placed, because voice is not configured here.',
  readyHeading: 'Great! Your Custom Agent Is Ready',
  readyIntro: 'Choose how you want to meet your franchise AI agent.',
  callMeTitle: 'Call Me',
  callMeText: `Get a phone call from your agent within ${expected}.`,
  // The option card's button and the phone dialog's submit share one text.
  scheduleCall: 'Schedule Call',
  browserTitle: 'Test In Browser',
  browserText: 'Talk to your agent right now with your microphone.',
  browserButton: 'Start Browser Test',
  // On the Test In Browser card of a page that gave no public-key: no browser call can start there.
  browserUnavailable: 'Calls in the browser are not available on this page. Choose Call Me instead.',
  // The third way to meet the agent, shown only where the host chats (chat_message's `open`).
  chatTitle: 'Chat With It',
  chatText: 'Type to your agent instead: no microphone needed.',
  chatButton: 'Start Chat',
  // Where a browser call cannot start, and on the browser step back to a chat under way.
  chatInstead: 'Chat instead',
  chatHeading: 'Chat with your agent',
  chatLoadFailed: 'The chat could not be loaded.',
  agentDetailsHeading: 'Your Agent Details',
  agentNameLabel: 'Name',
  agentCompanyLabel: 'Company',
  agentIdLabel: 'Agent ID',
  phoneDialogTitle: 'Schedule Your Call',
  phoneDialogText: 'Enter the number your AI agent should call.',
  phoneLabel: 'Phone Number',
  // A valid number (the hosts' own example), so that copying it shows what a good one looks like.
  phonePlaceholder: PHONE_EXAMPLE,
  phoneCancel: 'Cancel',
  phoneCountryLabel: 'Country',
  phoneCountryOption: '{country} (+{callingCode})',
  phoneHintLoading: 'Getting phone number formats ready...',
  // Too short, too long, or digits no line has: one hint, short enough for two lines at 320 px.
  phoneHintIncomplete: 'Check the number, or start with + and the country code.',
  phoneHintRulesUnavailable: `Phone number formats could not be loaded. Enter your number starting with + and the country code, e.g. ${PHONE_EXAMPLE}.`,
  // The number valid only read another way (another country, or its + left out): the button takes that reading.
  phoneDidYouMean: 'Did you mean {number}?',
  phoneWillCall: 'We will call {number}.',
  // The hosts' own consent words (shared consent-words.ts), for a host that sends none in demo_form's answer.
  ...CONSENT_WORDS_EN,
  consentMayBeRecorded: 'The call may be recorded.',
  scheduleNeedsBoth: 'Enter a valid number and check the box.',
  scheduleNeedsNumber: 'Enter a valid number to schedule the call.',
  scheduleNeedsConsent: 'Check the box to schedule the call.',
  scheduling: 'Scheduling...',
  // A 429 whose answer had no words of its own, or, in French, a limit whose code the widget does not know.
  phoneTooManyRequests: 'Too many call requests right now. Please try again later.',
  // The hosts' refusals by code (webhooks/refusal-words.ts); English shows the host's words, equal to these (copy.test.ts).
  limitClient: 'Too many requests from your address.',
  limitPhoneNumber: 'This number has been called too often; try again later.',
  limitCallsPerDay: 'Our demo line has placed all the calls it can today. Try again tomorrow, or talk to your agent in the browser now.',
  limitNetworkShare: "Your network has asked for its share of today's calls. Try again tomorrow, or talk to your agent in the browser now.",
  callPhoneRequired: 'Phone number is required.',
  callPhoneInvalid: `Enter a valid phone number, starting with + and the country code, e.g. ${PHONE_EXAMPLE}.`,
  callPhonePremium: 'Premium-rate and shared-cost numbers cannot be called.',
  // The host's words name its countries; these are for a host that gave only the code.
  callPhoneNotServed: 'This demo does not call numbers in this country.',
  callConsentRequired: 'Check the box to agree to this AI demo call.',
  callConsentMalformed: 'Your agreement could not be read. Check the box again, then schedule the call.',
  callConsentNotIssued: 'These words are not the ones our demo line issued for this call. Reload the page to see the current ones, then try again.',
  // A refusal whose code the widget does not know, in a language the host does not speak.
  refusedGeneric: 'This request was refused. Check what you entered and try again.',

  // Step 4: call scheduled.
  callScheduledHeading: 'Call Scheduled!',
  // After a call request that failed or timed out: nothing may say a call is coming, nor promise a mail.
  callUnconfirmedHeading: 'Your call could not be confirmed',
  callUnconfirmedText: 'We asked for a call to {number} but got no confirmation, so it may not come.',
  callUnconfirmedHint: 'Try again, or talk to your agent in your browser now.',
  callUnconfirmedHintNoBrowser: 'Try again, or change the number.',
  callScheduledText: 'Your franchise AI agent will call you within a few minutes.',
  callExpectedLabel: 'Expected within',
  callExpectedValue: expected,
  callDurationLabel: 'Call duration',
  callDurationValue: duration,
  callingNumber: "We're calling {number}.",
  changeNumber: 'Change number',
  // Speed to lead: only once the host knows the phone rang.
  callRang: 'Your phone rang {seconds} seconds after you asked.',
  callRangOne: 'Your phone rang 1 second after you asked.',
  callFeaturesHeading: 'On the call your agent will',
  callFeature1: 'Greet you by name and talk about {company}',
  callFeature2: 'Qualify a lead the way your team would',
  // Not 'Book a follow-up': only a host with a calendar (CALDAV_URL) lets the agent book, and the widget is not told which. What follows the call is below, when the host does it.
  callFeature3: 'Answer your questions as they come up',
  // After the call: only what the host said it does (demo_form's calls.followUp).
  scheduledAfterHeading: 'After the call',
  scheduledAfterMail: 'We email a summary of the call to {email}.',
  talkInBrowser: 'Talk in your browser while you wait',
  backHome: 'Back to Home',

  // Step 5: browser call.
  welcomeHeading: 'Welcome, {name}!',
  // Before Start Call (extends the spec): who answers, and recording as the host said.
  browserCallAi: 'You are about to talk to an AI assistant.',
  browserCallRecorded: 'The conversation is recorded.',
  browserCallNotRecorded: 'The conversation is not recorded.',
  browserCallMayBeRecorded: 'The conversation may be recorded.',
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
  microphoneBlocked: 'Your microphone is blocked. Allow it in your browser to talk here, or choose Call Me to get a phone call instead.',
  microphoneNotFound: 'No microphone was found. Connect one to talk here, or choose Call Me to get a phone call instead.',
  microphoneUnavailable:
    'Your microphone could not be started. It may be in use by another app: close it and try again, or choose Call Me to get a phone call instead.',
  // Beside 'Error getting assistant' and 'Error occurred': never a dead end, 'Call Me' is always offered.
  tryAgain: 'Try Again',
  assistantErrorNotice: 'Your agent could not be reached. Try again, or choose Call Me to get a phone call instead.',
  callErrorNotice: 'The call could not go through. Start it again, or choose Call Me to get a phone call instead.',
  callUnavailableNotice: 'Calls in the browser are not available on this page. Choose Call Me to get a phone call instead.',
  startCall: 'Start Call',
  endCall: 'End Call',
  // The call timer's name for screen readers (its mm:ss is on screen; it is not announced as it counts).
  callTimerLabel: 'Call time',
  // Mute is a toggle: one label, its state in aria-pressed.
  captionsToggle: 'Captions',
  captionsLabel: 'Live captions',
  captionAgent: 'Agent',
  captionYou: 'You',
  mute: 'Mute',
  microphoneMuted: 'Microphone muted',
  loadingButton: 'Loading...',
  // The call button once 'Error getting assistant' says there is none: why it cannot start.
  noAssistantButton: 'Cannot start: no agent',
  callAgentName: '{company} AI agent',
  microphoneHeadsUp: 'When you start the call, your browser asks to use your microphone: choose Allow.',
  // In place of the spec's three feature cards: questions the visitor asks out loud.
  tryAskingHeading: 'Try asking...',
  tryAskingHint: 'Tap a question below, then ask it out loud on the call.',
  tryAskingSay: 'Ask: “{prompt}”',
  franchisorPrompt1: 'How much does it cost to open a franchise?',
  franchisorPrompt2: 'Is there a territory available near me?',
  franchisorPrompt3: 'What training and support do I get?',
  franchiseePrompt1: 'What are your opening hours?',
  franchiseePrompt2: 'Can I book an appointment this week?',
  franchiseePrompt3: 'Do you have an offer for new customers?',
  afterCallHeading: 'Your next step',
  afterCallMail: 'A summary of this call is on its way to {email}.',
  bookDiscoveryCall: 'Book a discovery call',
  // The endings' link without a booking page: the company's e-mail or phone.
  contactByEmail: 'Email our team',
  contactByPhone: 'Call our team',
  afterCallPhone: 'Want this agent for your business? Talk to our team, or hear your agent on the phone: it calls you once, only when you ask.',
  // The meeting the agent booked on a call (demo_status's booking), {when} in the visitor's time zone.
  bookingMade: 'Booked: {when}',
  bookingHeading: 'Meeting booked',
  addToCalendar: 'Add to calendar',
  googleCalendar: 'Google Calendar',
} as const;
