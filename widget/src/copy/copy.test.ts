import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALL_DURATION_MINUTES, CALL_EXPECTED_MINUTES, DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { CALL_REASONS, PHONE_EXAMPLE } from '@franchise-ai/shared/call-policy';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { copy, fillCopy, type CopyKey } from './copy.ts';
import { firstCopy } from './form-copy.ts';
import { laterCopy } from './later-copy.ts';
import { possessive } from './possessive.ts';
import { frenchCopy } from './french-copy.ts';
import { typesetFrench } from '@franchise-ai/shared/french-typography';

const texts: readonly string[] = Object.values(copy);
// The spec beside the checkout: every text pinned below must be its own, so a copy change that
// departs from it fails here, naming the key.
const SPEC = readFileSync(new URL('../../../../shared/spec/SPEC.md', import.meta.url), 'utf8');
const isTheSpecs = (key: CopyKey, text: string) => {
  expect(SPEC, `SPEC.md says ${JSON.stringify(text)}`).toContain(text);
  expect(copy[key], `copy.${key} departs from SPEC.md's ${JSON.stringify(text)}`).toBe(text);
};

describe('copy: exact texts of spec sections 2 (demo page), 4 (browser call status) and 8 (errors)', () => {
  it.each<[CopyKey, string]>([
    ['formHeading', 'Get Your Franchise AI Demo'],
    ['franchisor', 'Franchisor'],
    ['franchisee', 'Franchisee'],
    ['nameLabel', 'Your Name'],
    ['companyPlaceholderFranchisor', 'Franchise Brand Name'],
    ['companyPlaceholderFranchisee', 'Your Franchise Location'],
    ['emailLabel', 'Business Email Address'],
    ['websiteLabel', 'Website (Optional)'],
    ['submit', 'Build My Franchise AI Demo'],
    ['submitting', 'Building Your Demo...'],
    ['benefitSpecificTitle', 'Franchise-Specific'],
    ['benefitRoiTitle', 'Proven ROI'],
    ['benefitLiveTitle', 'Live Interaction'],
    ['loadingHeading', 'Building Your Franchise AI Assistant'],
    ['readyHeading', 'Great! Your Custom Agent Is Ready'],
    ['callMeTitle', 'Call Me'],
    ['scheduleCall', 'Schedule Call'],
    ['browserTitle', 'Test In Browser'],
    ['browserButton', 'Start Browser Test'],
    ['agentDetailsHeading', 'Your Agent Details'],
    // The call times: the figures alone.
    ['callExpectedValue', '2-3 minutes'],
    ['callDurationValue', '3-5 minutes'],
    ['phoneDialogTitle', 'Schedule Your Call'],
    ['phoneCancel', 'Cancel'],
    ['callScheduledHeading', 'Call Scheduled!'],
    ['backHome', 'Back to Home'],
    ['welcomeHeading', 'Welcome, {name}!'],
    ['startCall', 'Start Call'],
    ['endCall', 'End Call'],
    ['loadingButton', 'Loading...'],
    ['statusGettingAssistant', 'Getting assistant ready...'],
    ['statusAssistantReady', 'Assistant ready'],
    ['statusAssistantError', 'Error getting assistant'],
    ['statusStarting', 'Starting call...'],
    ['statusCallStarted', 'Call started'],
    ['statusSpeaking', 'Assistant speaking...'],
    ['statusListening', 'Listening...'],
    ['statusCallEnded', 'Call ended'],
    ['statusError', 'Error occurred'],
    ['statusNotReady', 'Error: Assistant not ready'],
    ['submitError', 'There was an error creating your demo. Please try again.'],
  ])('%s is %j', isTheSpecs);
});

it.each<[CopyKey, RegExp]>([
  ['microphoneBlocked', /blocked.*allow it/i],
  ['microphoneNotFound', /no microphone was found.*connect one/i],
  ['microphoneUnavailable', /could not be started.*in use by another app/i],
])('copy: what is wrong with the microphone: %s names its own cause and remedy, and offers Call Me instead', (key, words) => {
  expect(copy[key]).toMatch(words);
  expect(copy[key]).toContain(`choose ${copy.callMeTitle} to get a phone call instead`);
});

describe('copy: figures of spec sections 1 and 9, the same as the constants', () => {
  it.each<[CopyKey, string, string]>([
    ['formPromise', '90 seconds', `${DEMO_PROMISED_SECONDS} seconds`],
    ['formPromise', 'no sales calls', 'no sales calls'],
    ['callExpectedValue', '2-3 minutes', `${CALL_EXPECTED_MINUTES.min}-${CALL_EXPECTED_MINUTES.max} minutes`],
    ['callMeText', '2-3 minutes', '2-3 minutes'],
    ['callDurationValue', '3-5 minutes', `${CALL_DURATION_MINUTES.min}-${CALL_DURATION_MINUTES.max} minutes`],
    ['benefitRoiText', '300% faster lead response', '300% faster lead response'],
    ['benefitRoiText', '85% admin time saved', '85% admin time saved'],
  ])('%s says %j (in any case)', (key, words, fromConstants) => {
    expect(copy[key].toLowerCase()).toContain(words);
    expect(words).toBe(fromConstants);
  });
});

it.each([
  ['English', copy.benefitRoiText, /^Estimated for a franchise network: .*Typical results, not a guarantee\.$/],
  ['French', frenchCopy.benefitRoiText, /^Estimation pour un réseau de franchise.*Résultats typiques, sans garantie\.$/],
])('the Proven ROI card (%s) labels its figures as the landing does: estimates, for whom, no guarantee', (_, text, labelled) => {
  expect(text).toMatch(labelled);
});

it('copy uses only slots that callers know how to fill', () => {
  const known = new Set('name company companyPossessive businessType country callingCode number website seconds prompt email when'.split(' '));
  for (const text of texts) for (const [, slot] of text.matchAll(/\{(\w+)\}/g)) expect(known).toContain(slot);
});

describe('copy: beyond the spec', () => {
  it.each<[CopyKey, string]>([
    ['learnedUnreadable', "We couldn't read {website}; your agent will use what you told us."],
    ['noAssistantButton', 'Cannot start: no agent'],
    // The refusals by code, in the hosts' own words where theirs are fixed.
    ['limitClient', LIMIT_MESSAGES.client],
    ['limitPhoneNumber', LIMIT_MESSAGES.phoneNumber],
    ['limitCallsPerDay', LIMIT_MESSAGES.callsPerDay],
    ['callPhoneRequired', CALL_REASONS.phoneRequired],
    ['callPhoneInvalid', CALL_REASONS.phoneInvalid],
    ['callPhonePremium', CALL_REASONS.phonePremium],
    ['callConsentRequired', CALL_REASONS.consentRequired],
  ])('%s is %j', (key, text) => {
    expect(copy[key]).toBe(text);
  });
  it('offers a valid number as the example, the one the hosts name', () => {
    expect(copy.phonePlaceholder).toBe('+1 201 555 0123');
    expect(copy.phonePlaceholder).toBe(PHONE_EXAMPLE);
    expect(copy.phoneHintRulesUnavailable).toContain(copy.phonePlaceholder);
  });
});

describe('copy: hygiene', () => {
  it('has no empty or padded text', () => {
    expect(texts.filter((text) => text.trim() === '' || text !== text.trim())).toEqual([]);
  });
  it.each([
    ['English', copy],
    ['French', frenchCopy],
  ])('%s never spells the same text under two keys', (_language, texts) => {
    const keysByText = new Map<string, string[]>();
    for (const [key, text] of Object.entries(texts)) keysByText.set(text, [...(keysByText.get(text) ?? []), key]);
    expect(Object.fromEntries([...keysByText].filter(([, keys]) => keys.length > 1))).toStrictEqual({});
  });
  it('is written in two parts (form-copy.ts, later-copy.ts) that share no key, so joining them overrides nothing', () => {
    expect(Object.keys(firstCopy).filter((key) => Object.hasOwn(laterCopy, key))).toEqual([]);
    expect(Object.keys(copy)).toHaveLength(Object.keys(firstCopy).length + Object.keys(laterCopy).length);
  });
});

describe('fillCopy', () => {
  it.each<[string, string, Record<string, string>, string]>([
    ['one slot', 'Welcome, {name}!', { name: 'Jane' }, 'Welcome, Jane!'],
    ['two different slots', '{a} and {b}', { a: 'x', b: 'y' }, 'x and y'],
    ['the same slot twice', '{a}-{a}', { a: 'x' }, 'x-x'],
    ['unknown slot left visible', 'Welcome, {name}!', {}, 'Welcome, {name}!'],
    ['unknown slot next to a known one', '{a} {missing}', { a: 'x' }, 'x {missing}'],
    ['no slots at all', 'Call ended', { name: 'Jane' }, 'Call ended'],
    ['empty value fills with nothing', 'Hi {name}!', { name: '' }, 'Hi !'],
    ['a value that looks like a slot is not filled again', '{a}', { a: '{b}', b: 'no' }, '{b}'],
    ['replacement patterns in a value are literal', '{a}', { a: "$& $1 $$ $'" }, "$& $1 $$ $'"],
    ['not a slot: spaces inside braces', '{ name }', { name: 'Jane' }, '{ name }'],
    ['not a slot: empty braces', '{}', { '': 'x' }, '{}'],
    ['slot names are case-sensitive', '{Name}', { name: 'Jane' }, '{Name}'],
    ['a slot named like an inherited property stays visible', '{constructor} {toString}', {}, '{constructor} {toString}'],
  ])('%s', (_label, template, values, expected) => {
    expect(fillCopy(template, values)).toBe(expected);
  });
  it('fills the spec texts with real values', () => {
    expect(fillCopy(copy.loadingStage1, { companyPossessive: possessive('Acme Burgers') })).toBe("Analyzing Acme Burgers' franchise operations...");
    expect(copy.loadingStage2).not.toMatch(/\{\w+\}/);
    expect(fillCopy(copy.loadingStage3, { businessType: 'franchisee' })).toBe('Initializing your franchisee AI assistant...');
    expect(fillCopy(copy.callFeature1, { company: 'Acme' })).toBe('Greet you by name and talk about Acme');
  });
});

describe('copy: the browser call', () => {
  it.each([
    ['English', copy, '?'],
    ['French', frenchCopy, typesetFrench(' ?')],
  ])('has, in %s, three "Try asking..." questions per side, each a question, none repeated', (_language, texts, mark) => {
    for (const side of ['franchisor', 'franchisee'] as const) {
      const prompts = [1, 2, 3].map((n) => texts[`${side}Prompt${n}` as CopyKey]);
      expect(prompts.every((prompt) => prompt.endsWith(mark))).toBe(true);
      expect(new Set(prompts).size).toBe(3);
    }
  });
  it('says the browser asks for the microphone before Start Call, and Mute is one label', () => {
    expect(copy.microphoneHeadsUp).toMatch(/browser.*microphone/);
    expect(Object.values(copy)).not.toContain('Unmute');
  });
});
