import type { Vapi } from '@vapi-ai/server-sdk';
import { expectTypeOf } from 'vitest';
import type { CallEventsServer } from './call-events.ts';
import type { Lead } from './request-body.ts';
import { assistantRequest, callRequest, safetySettings, type VoiceTerms } from './voice-requests.ts';

// Type tests (tsc -p tsconfig.test.json): the bodies are the provider's SDK types (@vapi-ai/server-sdk,
// generated from its API description), and a property it does not know is a type error where a body
// is written (each builder's literal `satisfies` its SDK type).

declare const lead: Lead & { phoneNumber: string };
declare const terms: VoiceTerms;
declare const server: CallEventsServer;

expectTypeOf(assistantRequest(lead, terms, 'browser')).toExtend<Vapi.CreateAssistantDto>();
expectTypeOf(callRequest(undefined, 'pn', lead, terms)).toExtend<Vapi.CreateCallDto>();
expectTypeOf(callRequest('asst', 'pn', lead, terms)).toExtend<Vapi.CreateCallDto>();
expectTypeOf(safetySettings(lead, terms, 'phone')).toExtend<Vapi.AssistantOverrides>();

// The provider removed `server.secret` in May 2025: its Server has no such property.
// @ts-expect-error secret is not a property of Vapi.Server
({ url: server.url, secret: server.secret }) satisfies Vapi.Server;
// A misspelt or unknown property of a body, written as the builders write them.
// @ts-expect-error temperatur is not a property of the OpenAI model
({ provider: 'openai', model: 'gpt-4o-mini', temperatur: 0.2 }) satisfies Vapi.CreateAssistantDtoModel;
// @ts-expect-error customer.firstName is not a property of the provider's customer
({ customer: { number: lead.phoneNumber, firstName: lead.name } }) satisfies Vapi.CreateCallDto;
