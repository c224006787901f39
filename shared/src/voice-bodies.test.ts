import { Liquid } from 'liquidjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareVapiValidators, vapiProblems } from '@franchise-ai/test-support/vapi-openapi';
import { PER_VISITOR_MARK } from './assistant-cleanup.ts';
import type { BrandProfile } from './brand-profile.ts';
import type { CallEventsServer } from './call-events.ts';
import type { Language } from './language.ts';
import { liquidLiteral } from './liquid-text.ts';
import type { Lead } from './request-body.ts';
import { chatAnalysisRequest, chatRequest } from './chat.ts';
import { assistantRequest, callRequest, CUSTOMER_NAME_LIMIT, type VoiceTerms } from './voice-requests.ts';

// Compiling the provider's description into validators takes a second or more, several under load:
// done once before the tests, so that no test's own time pays it.
beforeAll(() => {
  prepareVapiValidators(['CreateAssistantDTO', 'CreateCallDTO', 'CreateChatDTO'], { current: true });
  prepareVapiValidators(['CreateAssistantDTO', 'CreateCallDTO']);
}, 60_000);

// Every body the hosts send the voice provider, in every combination that changes it, held to the
// provider's published API description (../shared/vapi-openapi/openapi.json) with unknown properties
// refused, as the API refuses them, and deprecated ones refused too: the project sends the current form of each setting.
// Both hosts build their bodies with these functions (the n8n Code nodes run them bundled).

const SECRET = 'c'.repeat(40);
const SITE = 'https://www.bluepaws.example';
const profile: BrandProfile = {
  status: 'ready',
  website: SITE,
  name: 'Blue Paws',
  facts: [
    { kind: 'description', text: 'Blue Paws is a dog daycare franchise with cage-free play.', source: `${SITE}/` },
    { kind: 'franchise-fee', text: 'Initial franchise fee: $49,500', source: `${SITE}/own` },
    { kind: 'hours', text: 'Mo-Fr 07:00-19:00', source: `${SITE}/` },
  ],
  locations: [{ city: 'Austin', region: 'TX', source: `${SITE}/locations` }],
  pages: [`${SITE}/`, `${SITE}/own`, `${SITE}/locations`],
  // The pages' text, more than the prompt quotes: the bodies are checked with the site text at its cap.
  texts: [`${SITE}/`, `${SITE}/own`, `${SITE}/locations`].map((source, page) => ({
    source,
    text: Array.from({ length: 12 }, (_, block) => `Block ${page}-${block}. ${'Dogs play all day under the eyes of certified handlers. '.repeat(8)}`).join(
      '\n',
    ),
  })),
};

const NAMES = {
  plain: 'Ada Lovelace',
  // 46 characters: over the provider's 40 for `customer.name`.
  long: 'Maximiliana Theodora Wilhelmina von Hohenstein',
  template: '{{ secret }} {% raw %}Ada{% endraw %}',
} as const;

const server: CallEventsServer = { url: 'https://hooks.example/webhook/franchise-ai/call_events', secret: SECRET };
const reports = { off: undefined, headers: server, credential: { ...server, credentialId: 'cred_1' } } as const;

const lead = (businessType: Lead['businessType'], language: Language, name: keyof typeof NAMES): Lead & { phoneNumber: string } => ({
  name: NAMES[name],
  company: name === 'template' ? 'Blue Paws {{ company }}' : 'Blue Paws',
  email: 'ada@example.com',
  website: SITE,
  businessType,
  phoneNumber: '+12016234567',
  consentText: 'I agree.',
  demoId: null,
  ...(language === 'fr' ? { language } : {}),
});

type Combination = [Lead['businessType'], Language, 'profile' | 'none', keyof typeof reports, boolean, 'configured' | 'inline', keyof typeof NAMES];
const combinations: Combination[] = [];
for (const businessType of ['franchisor', 'franchisee'] as const)
  for (const language of ['en', 'fr'] as const)
    for (const read of ['profile', 'none'] as const)
      for (const report of ['off', 'headers', 'credential'] as const)
        for (const record of [false, true])
          for (const assistant of ['configured', 'inline'] as const)
            for (const name of Object.keys(NAMES) as Array<keyof typeof NAMES>)
              combinations.push([businessType, language, read, report, record, assistant, name]);

const build = ([businessType, language, read, report, record, assistant, name]: Combination) => {
  const terms: VoiceTerms = { companyName: 'Franchise AI', recordCalls: record, callEvents: reports[report] };
  const visitor = lead(businessType, language, name);
  const read_ = read === 'profile' ? profile : undefined;
  return {
    browser: assistantRequest(visitor, terms, 'browser', read_),
    chat: chatRequest({ lead: visitor, terms, leadId: '42', profile: read_, message: NAMES[name], previousChatId: record ? 'chat-0001' : null }),
    call: callRequest(assistant === 'configured' ? 'asst_operator' : undefined, 'pn_1', visitor, terms, read_),
  };
};

describe("every body passes the provider's published description", () => {
  it(`${combinations.length} combinations (side, language, profile, reports, recording, VAPI_ASSISTANT_ID, name): 0 refused`, () => {
    const refused: string[] = [];
    for (const combination of combinations) {
      const { browser, call, chat } = build(combination);
      for (const problem of vapiProblems('CreateChatDTO', chat, { current: true })) refused.push(`${combination.join('/')} POST /chat: ${problem}`);
      for (const problem of vapiProblems('CreateAssistantDTO', browser, { current: true }))
        refused.push(`${combination.join('/')} POST /assistant: ${problem}`);
      for (const problem of vapiProblems('CreateCallDTO', call, { current: true })) refused.push(`${combination.join('/')} POST /call: ${problem}`);
    }
    for (const businessType of ['franchisor', 'franchisee'] as const)
      for (const language of ['en', 'fr'] as const)
        for (const problem of vapiProblems('CreateChatDTO', chatAnalysisRequest({ businessType, language }, 'AI: Hi!\nUser: {{ x }}'), { current: true }))
          refused.push(`${businessType}/${language} POST /chat (analysis): ${problem}`);
    expect(refused).toEqual([]);
    // 576 bodies validated: a few seconds on a loaded machine; the limit is for a hang, not for speed.
  }, 30_000);

  it('a field the provider does not know fails it, wherever it is added', () => {
    const { browser, call } = build(['franchisor', 'en', 'profile', 'headers', false, 'inline', 'plain']);
    expect(vapiProblems('CreateAssistantDTO', { ...browser, server: { ...browser.server, secret: SECRET } })).toEqual([
      'server.property secret should not exist',
    ]);
    expect(vapiProblems('CreateAssistantDTO', { ...browser, model: { ...browser.model, temperatur: 0.2 } })).toEqual([
      'model.property temperatur should not exist',
    ]);
    expect(vapiProblems('CreateCallDTO', { ...call, customer: { ...call.customer, firstName: 'Ada' } })).toEqual([
      'customer.property firstName should not exist',
    ]);
    // And a deprecated one, which the provider still takes but the project does not send.
    expect(vapiProblems('CreateAssistantDTO', { ...browser, analysisPlan: { summaryPlan: { enabled: true } } }, { current: true })).toEqual([
      'property analysisPlan should not exist',
    ]);
  });

  it("the customer's name within the provider's 40 characters, cut at a whole character", () => {
    const { call } = build(['franchisee', 'en', 'none', 'off', false, 'inline', 'long']);
    expect(call.customer.name).toBe('Maximiliana Theodora Wilhelmina von Hohe');
    expect(call.customer.name.length).toBeLessThanOrEqual(CUSTOMER_NAME_LIMIT);
    expect(vapiProblems('CreateCallDTO', { ...call, customer: { ...call.customer, name: NAMES.long } })).toEqual([
      'customer.name must be shorter than or equal to 40 characters',
    ]);
  });

  it('a phone call carries its assistant inline; only a browser call makes one, marked as per-visitor', () => {
    const { browser, call } = build(['franchisor', 'en', 'none', 'off', false, 'inline', 'plain']);
    expect(call).not.toHaveProperty('assistantId');
    expect('assistant' in call && call.assistant.metadata).not.toHaveProperty('createdBy');
    expect(browser.metadata).toMatchObject(PER_VISITOR_MARK);
    const configured = build(['franchisor', 'en', 'none', 'off', false, 'configured', 'plain']).call;
    expect(configured).toMatchObject({ assistantId: 'asst_operator' });
    expect(configured).not.toHaveProperty('assistant');
  });
});

describe('visitor text is data, not template', () => {
  // The provider renders the prompt and the first message with LiquidJS (docs.vapi.ai, "Variables"),
  // with its own variables: here one named `secret`, which the visitor's `{{ secret }}` must not reach.
  const liquid = new Liquid();
  const render = (template: string) => liquid.parseAndRenderSync(template, { secret: 'THE-SECRET', company: 'X' });

  it.each([
    ['a variable', '{{ secret }}'],
    ['a raw block', '{% raw %}Ada{% endraw %}'],
    ['a tag that would fail the render', '{% if %}'],
    ['braces in a row', '{{{ x }}} {%- comment -%}'],
    ['a lone brace and a percent', '{ % } %}'],
  ])('%s renders as typed', (_, typed) => {
    expect(render(liquidLiteral(typed))).toBe(typed);
  });

  it('a name and a company with Liquid in them reach the provider as literal text, in every prompt and first message', () => {
    for (const combination of combinations.filter((one) => one[6] === 'template')) {
      const { browser, call } = build(combination);
      const bodies = [browser, 'assistant' in call ? call.assistant : call.assistantOverrides];
      for (const body of bodies) {
        const first = render(body.firstMessage);
        expect(first).toContain(NAMES.template);
        expect(first).not.toContain('THE-SECRET');
      }
      const prompt = render(browser.model.messages[0]!.content);
      expect(prompt).toContain(NAMES.template);
      expect(prompt).toContain('Blue Paws {{ company }}');
      expect(prompt).not.toContain('THE-SECRET');
    }
  });

  it('leaves text without Liquid as it was', () => {
    const { browser } = build(['franchisor', 'en', 'profile', 'off', false, 'inline', 'plain']);
    const prompt = browser.model.messages[0]!.content;
    expect(browser.firstMessage).toMatch(/^Hi Ada Lovelace! I'm an AI assistant from Franchise AI/);
    expect(`${browser.firstMessage}${prompt}`).not.toContain('{');
    expect(render(prompt)).toBe(prompt);
  });
});
