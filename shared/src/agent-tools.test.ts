import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionTools, sendToolCalls } from '@franchise-ai/test-support/fake-tool-calls';
import { listen, type Listening } from '@franchise-ai/test-support/listen';
import { prepareVapiValidators, vapiProblems } from '@franchise-ai/test-support/vapi-openapi';
import {
  agentTools,
  checkTerritoryHandler,
  MAX_PLACE_CHARS,
  placeArgument,
  TOOL_NAMES,
  toolPromptLines,
  territoryWords,
  type AgentToolSettings,
  type ToolContext,
} from './agent-tools.ts';
import type { BrandProfile, ProfileLocation } from './brand-profile.ts';
import { checkSecret, EVENT_REFUSALS, SECRET_HEADER, SERVER_MESSAGES, type CallEventsServer } from './call-events.ts';
import { typesetFrench } from './french-typography.ts';
import type { Language } from './language.ts';
import type { Lead } from './request-body.ts';
import { parseTerritoryFile, type Territory } from './territories.ts';
import { answerToolCalls, parseToolCalls, TOOL_TIMEOUT_SECONDS, type ToolHandlers } from './tool-calls.ts';
import { assistantRequest, callRequest, systemPrompt, type VoiceTerms } from './voice-requests.ts';

// Compiling the provider's description takes seconds under load: done once before the tests. The
// bodies are held to its current form, the fake provider's messages and answers to the whole of it.
beforeAll(() => {
  prepareVapiValidators(['CreateAssistantDTO', 'CreateCallDTO'], { current: true });
  prepareVapiValidators(['ServerMessageToolCalls', 'ServerMessageResponseToolCalls']);
}, 60_000);

const SECRET = 'c'.repeat(40);
const SITE = 'https://www.bluepaws.example';
const server: CallEventsServer = { url: 'https://hooks.example/webhook/franchise-ai/call_events', secret: SECRET };
const REPORTS = { headers: server, credential: { ...server, credentialId: 'cred_1' } } as const;
const ALL: AgentToolSettings = { territories: true, calendar: true, today: 'Tuesday 6 January 2030' };

const lead = (businessType: Lead['businessType'], language: Language = 'en', company = 'Blue Paws'): Lead & { phoneNumber: string } => ({
  name: 'Ada Lovelace',
  company,
  email: 'ada@example.com',
  website: SITE,
  businessType,
  phoneNumber: '+12016234567',
  consentText: 'I agree.',
  demoId: null,
  ...(language === 'fr' ? { language } : {}),
});

const profile: BrandProfile = {
  status: 'ready',
  website: SITE,
  facts: [{ kind: 'description', text: 'Blue Paws is a dog daycare franchise.', source: `${SITE}/` }],
  locations: [{ city: 'Austin', region: 'TX', street: '1 Congress Ave', postalCode: '78701', source: `${SITE}/locations` }],
  pages: [`${SITE}/`, `${SITE}/locations`],
};

/** The host's terms: its tools, and where reports go (null: reports off). */
const terms = (tools: AgentToolSettings | undefined, callEvents: CallEventsServer | null = server): VoiceTerms => ({
  companyName: 'Franchise AI',
  recordCalls: false,
  callEvents: callEvents ?? undefined,
  tools,
});

const namesOf = (assistant: Record<string, unknown>) => functionTools(assistant).map((tool) => tool.function?.name);

describe('the assistant with its tools', () => {
  it("every body with tools passes the provider's published description, deprecated fields refused too", () => {
    const refused: string[] = [];
    for (const side of ['franchisor', 'franchisee'] as const)
      for (const language of ['en', 'fr'] as const)
        for (const report of ['headers', 'credential'] as const)
          for (const tools of [ALL, { territories: true, calendar: false }, { territories: false, calendar: true }])
            for (const read of [profile, undefined]) {
              const visitor = lead(side, language, 'Blue Paws {{ company }}');
              const at = `${side}/${language}/${report}/${JSON.stringify(tools)}/${read ? 'profile' : 'none'}`;
              const browser = assistantRequest(visitor, terms(tools, REPORTS[report]), 'browser', read);
              const phone = callRequest(undefined, 'pn_1', visitor, terms(tools, REPORTS[report]), read);
              for (const problem of vapiProblems('CreateAssistantDTO', browser, { current: true })) refused.push(`${at} POST /assistant: ${problem}`);
              for (const problem of vapiProblems('CreateCallDTO', phone, { current: true })) refused.push(`${at} POST /call: ${problem}`);
            }
    expect(refused).toEqual([]);
  }, 30_000);

  it('a franchisor’s agent checks territories and books; a franchisee’s books; each only with the host’s setting', () => {
    expect(namesOf(assistantRequest(lead('franchisor'), terms(ALL), 'browser'))).toEqual(['check_territory', 'find_meeting_times', 'book_meeting']);
    expect(namesOf(assistantRequest(lead('franchisee'), terms(ALL), 'browser'))).toEqual(['find_meeting_times', 'book_meeting']);
    expect(namesOf(assistantRequest(lead('franchisor'), terms({ territories: true, calendar: false }), 'browser'))).toEqual(['check_territory']);
    expect(namesOf(assistantRequest(lead('franchisee'), terms({ territories: true, calendar: false }), 'browser'))).toEqual([]);
  });

  it('without the settings, or without reports (no server to answer at), every byte is as before', () => {
    for (const side of ['franchisor', 'franchisee'] as const)
      for (const language of ['en', 'fr'] as const) {
        const before = assistantRequest(lead(side, language), terms(undefined), 'browser', profile);
        expect(assistantRequest(lead(side, language), terms({ territories: false, calendar: false }), 'browser', profile)).toEqual(before);
        expect(before.model.tools).toEqual([{ type: 'endCall' }]);
        expect(before.serverMessages).toEqual([...SERVER_MESSAGES]);
        expect(assistantRequest(lead(side, language), terms(ALL, null), 'phone')).toEqual(
          assistantRequest(lead(side, language), terms(undefined, null), 'phone'),
        );
      }
  });

  it('each tool is answered at the assistant’s own server URL with its secret (or credential), waiting the provider’s 20 s', () => {
    const browser = assistantRequest(lead('franchisor'), terms(ALL), 'browser');
    for (const tool of functionTools(browser)) {
      expect(tool.server).toEqual({ url: server.url, headers: { 'X-Vapi-Secret': SECRET }, timeoutSeconds: TOOL_TIMEOUT_SECONDS });
      expect({ url: tool.server?.url, headers: tool.server?.headers }).toEqual(browser.server);
    }
    const credential = assistantRequest(lead('franchisor'), terms(ALL, REPORTS.credential), 'browser');
    for (const tool of functionTools(credential))
      expect(tool.server).toEqual({ url: server.url, credentialId: 'cred_1', timeoutSeconds: TOOL_TIMEOUT_SECONDS });
    expect(browser.serverMessages).toEqual([...SERVER_MESSAGES, 'tool-calls']);
  });

  it('an operator’s own assistant (VAPI_ASSISTANT_ID) is given no tools: its model is the operator’s', () => {
    const call = callRequest('asst_operator', 'pn_1', lead('franchisor'), terms(ALL));
    expect(JSON.stringify(call)).not.toContain('check_territory');
  });

  it('the tools carry none of the visitor’s words, so nothing they typed reaches the model as an instruction', () => {
    const tools = agentTools(lead('franchisor', 'en', 'Evil {{ secret }} Corp'), terms(ALL));
    expect(JSON.stringify(tools)).not.toMatch(/Evil|\{\{|\{%/);
  });

  it('the caller hears its own language while a tool runs and when it fails (the provider’s fillers are English)', () => {
    const [english] = agentTools(lead('franchisor'), terms(ALL));
    expect(english!.messages).toEqual([
      { type: 'request-start', content: 'Let me check that territory.' },
      { type: 'request-failed', content: "I can't check that territory right now; the franchise team will confirm it by email." },
    ]);
    for (const tool of agentTools(lead('franchisee', 'fr'), terms(ALL))) {
      for (const message of tool.messages ?? []) {
        const content = (message as { content: string }).content;
        expect(content).toBe(typesetFrench(content));
        expect(content).not.toMatch(/\b(the|I|you)\b/);
      }
    }
  });
});

describe('the prompt on the tools', () => {
  it('says when to use each tool, to say out loud what it booked, and never to promise beyond an answer', () => {
    const prompt = systemPrompt(lead('franchisor'), terms(ALL), 'browser', profile);
    const lines = toolPromptLines(lead('franchisor'), terms(ALL));
    // After the facts, which they override ("check the territory against the locations below").
    expect(prompt.endsWith(`\n\n${lines}`)).toBe(true);
    expect(lines).toContain('call check_territory with the place in their words before you say anything about it');
    expect(lines).toContain('never promise a territory beyond it');
    expect(lines).toContain("call book_meeting with that time's start");
    expect(lines).toContain('say out loud the day, date and time it booked');
    expect(lines).toContain('never say a meeting is booked unless book_meeting said so');
    expect(lines).toContain('Today is Tuesday 6 January 2030.');
  });

  it('the franchisee’s: appointments, no territory', () => {
    const lines = toolPromptLines(lead('franchisee'), terms(ALL));
    expect(lines).toContain('When the caller wants an appointment, call find_meeting_times');
    expect(lines).not.toContain('check_territory');
  });

  it('in French, typeset, with the same rules', () => {
    const lines = toolPromptLines(lead('franchisor', 'fr'), terms({ ...ALL, today: 'mardi 6 janvier 2030' }));
    expect(lines).toBe(typesetFrench(lines));
    expect(lines).toContain('appelez check_territory avec le lieu');
    expect(lines).toContain('ne promettez jamais un territoire au-delà');
    expect(lines).toContain('dites à voix haute le jour, la date et l’heure réservés');
    expect(lines).toContain('Nous sommes le mardi 6 janvier 2030.');
    expect(systemPrompt(lead('franchisor', 'fr'), terms(ALL), 'phone').endsWith(toolPromptLines(lead('franchisor', 'fr'), terms(ALL)))).toBe(true);
  });

  it('no tools, no lines: the prompt is as before', () => {
    expect(toolPromptLines(lead('franchisor'), terms(undefined))).toBe('');
    expect(systemPrompt(lead('franchisor'), terms(ALL, null), 'browser', profile)).toBe(systemPrompt(lead('franchisor'), terms(undefined), 'browser', profile));
  });
});

const parsed = parseTerritoryFile(
  ['name,codes,status', 'Lyon,"69001, 69002",sold', 'Saint-Étienne,42000,open', 'Rhône,69,reserved', 'Lyon Est,,open'].join('\n'),
  'territories.csv',
);
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const territories: Territory[] = parsed.territories;
const austin: ProfileLocation = profile.status === 'ready' ? profile.locations[0]! : ({} as never);

describe('what check_territory tells the agent', () => {
  const run = async (args: Record<string, unknown>, language: Language = 'en', locations: ProfileLocation[] = []) => {
    const answer = await checkTerritoryHandler<ToolContext>(territories, () => locations).run(args, { id: 'tc-1', context: { language } });
    if (!('result' in answer)) throw new Error('expected a result');
    return answer.result;
  };

  it.each([
    ['open', { place: 'saint etienne' }, 'In the territory list, "Saint-Étienne": open. Tell the caller it is open in the current list'],
    ['reserved', { place: 'Rhône' }, 'In the territory list, "Rhône": reserved, held for another candidate for now.'],
    ['taken', { place: 'LYON' }, 'In the territory list, "Lyon": sold, so it is taken. Say so plainly'],
    [
      'which',
      { place: 'Lyon 69001, Lyon Est' },
      'The territory list does not settle "Lyon 69001, Lyon Est": it has "Lyon" (sold) and "Lyon Est" (open). Ask the caller which one they mean',
    ],
    [
      'unlisted',
      { place: 'Denver' },
      '"Denver" is not in the territory list. Tell the caller the franchise team will check it and get back to them; promise nothing.',
    ],
  ])('%s', async (_, args, words) => {
    expect(await run(args)).toContain(words);
  });

  it('a place the list does not name where the site shows a location: unlisted, with the location as a note', async () => {
    expect(await run({ place: 'Austin, Texas' }, 'en', [austin])).toBe(
      '"Austin, Texas" is not in the territory list. The website shows a location at "1 Congress Ave, Austin, TX 78701", so the area may already be served. Tell the caller it is not in the list and that the franchise team will check it and get back to them; promise nothing.',
    );
  });

  it('tells the host what it answered, before the agent hears it', async () => {
    const heard: Array<[string, string]> = [];
    const handler = checkTerritoryHandler<ToolContext>(
      territories,
      () => [],
      (place, answer) => void heard.push([place, answer.kind]),
    );
    await handler.run({ place: 'LYON' }, { id: 'tc-1', context: { language: 'en' } });
    await handler.run({ place: '' }, { id: 'tc-2', context: { language: 'en' } });
    expect(heard).toEqual([['LYON', 'taken']]);
  });

  it('never "open" unless the list says so', async () => {
    for (const place of ['Lyon', 'Rhône', 'Denver', 'Lyon 69001, Lyon Est']) expect(await run({ place })).not.toMatch(/: open\./);
  });

  it('in French, typeset, the place quoted as said', async () => {
    const words = await run({ place: 'Lyon' }, 'fr');
    expect(words).toBe(
      'Dans la liste des territoires, "Lyon"\u00a0: vendu, le territoire est pris. Dites-le simplement, et proposez d’étudier un autre territoire.',
    );
    expect(await run({ place: 'Austin' }, 'fr', [austin])).toContain(
      '"Austin" ne figure pas dans la liste des territoires. Le site montre un établissement à "1 Congress Ave, Austin, TX 78701"',
    );
  });

  it.each([{}, { place: '' }, { place: '   ' }, { place: 42 }, { place: 'x'.repeat(MAX_PLACE_CHARS + 1) }])(
    'no place it can look up (%o): the agent is told to ask for one',
    async (args) => {
      expect(placeArgument(args)).toBeNull();
      expect(await run(args)).toBe(
        'check_territory needs the place the caller wants: a city, county, ZIP code or département. Ask them which, then call it again.',
      );
      expect(await run(args, 'fr')).toBe(
        typesetFrench('check_territory a besoin du lieu visé : une ville, un département, un code postal ou un comté. Demandez-le, puis rappelez l’outil.'),
      );
    },
  );

  it('many matches are counted past five', () => {
    const many = Array.from(
      { length: 8 },
      (_, index): Territory => ({ name: `Zone ${index}`, codes: [], status: index % 2 ? 'open' : 'sold', at: `line ${index}` }),
    );
    expect(territoryWords({ kind: 'which', territories: many }, 'Zone', 'en')).toContain('"Zone 3" (open), "Zone 4" (sold) and 3 more.');
  });
});

describe('over HTTP, as a host answers it at call_events', () => {
  // What the hosts' call_events route does with a tool-calls message: the secret first (nothing is run
  // without it), then the calls parsed, dispatched and answered as the provider documents.
  let host: Listening;
  let ran = 0;
  const handlers: ToolHandlers<ToolContext> = {
    [TOOL_NAMES.territory]: checkTerritoryHandler<ToolContext>(territories, () => [austin]),
  };
  beforeAll(async () => {
    host = await listen(
      createServer((req, res) => {
        void (async () => {
          const access = checkSecret(SECRET, req.headers[SECRET_HEADER]);
          if (access !== 'ok') return void res.writeHead(EVENT_REFUSALS[access].status).end(JSON.stringify({ error: EVENT_REFUSALS[access].error }));
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const calls = parseToolCalls(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          if (!calls.ok) return void res.writeHead(400).end(JSON.stringify({ error: EVENT_REFUSALS.invalid.error, reason: calls.reason }));
          ran++;
          const { answer } = await answerToolCalls(calls.calls, handlers, { language: 'en' }, { language: 'en' });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        })();
      }),
    );
  });
  afterAll(() => host.stop());

  const assistant = () => assistantRequest(lead('franchisor'), terms(ALL, { ...server, url: `${host.url}/call_events` }), 'browser', profile);

  it('open, taken and unlisted places, each answered as documented', async () => {
    const exchange = await sendToolCalls(assistant(), [
      { name: 'check_territory', arguments: { place: 'Saint-Étienne' }, id: 'tc-open' },
      { name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tc-sold' },
      { name: 'check_territory', arguments: { place: 'Austin' }, id: 'tc-unknown' },
    ]);
    expect(exchange.status).toBe(200);
    expect(exchange.problems).toEqual([]);
    expect(exchange.results.get('tc-open')?.result).toMatch(/^In the territory list, "Saint-Étienne": open\./);
    expect(exchange.results.get('tc-sold')?.result).toMatch(/: sold, so it is taken\./);
    expect(exchange.results.get('tc-unknown')?.result).toMatch(/^"Austin" is not in the territory list\. The website shows a location/);
  });

  it('a tool the host does not answer: an error the agent is given, the call goes on', async () => {
    const exchange = await sendToolCalls(assistant(), [{ name: 'find_meeting_times', id: 'tc-times' }]);
    expect(exchange.problems).toEqual([]);
    expect(exchange.results.get('tc-times')?.error).toMatch(/^There is no tool "find_meeting_times" here/);
  });

  it('a wrong or missing secret: 401, and nothing is run', async () => {
    const before = ran;
    for (const secret of [null, 'x'.repeat(SECRET.length)]) {
      const exchange = await sendToolCalls(assistant(), [{ name: 'check_territory', arguments: { place: 'Lyon' } }], { secret });
      expect(exchange.status).toBe(401);
    }
    expect(ran).toBe(before);
  });
});
