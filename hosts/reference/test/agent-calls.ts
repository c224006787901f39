import { expect } from 'vitest';
import { calDavClient, type CalDavConfig } from '@franchise-ai/shared/caldav-client';
import { startText, zonedInstant } from '@franchise-ai/shared/meeting-slots';
import { sendToolCalls, type FakeToolCall, type SendOptions, type ToolCallsExchange } from '@franchise-ai/test-support/fake-tool-calls';
import type { FakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { fetchTransport } from '../src/caldav-transport.ts';
import { jsonOf, postJson, validLead } from './helpers.ts';

// A visitor's call with the agent's tools, as the suites that book through the host make one: the
// host makes the browser call's assistant on the fake provider, and the provider's tool-calls
// messages are built from the body it was sent (test-support's fake-tool-calls.ts). Also the
// team calendar's client (test-support's useTeamCalendar), and the days a test books on while the
// host keeps real time.

/** The suites' client of the team calendar: the host's own transport. */
export const connectCalendar = (config: CalDavConfig) => calDavClient(config, fetchTransport);

/**
 * A day of the week (1 Monday … 5 Friday) of the first full week that starts ten days or more from
 * now, in `zone`, as YYYY-MM-DD: bookable whatever today is.
 */
export function dayAhead(weekday: number, zone: string, now = Date.now()): string {
  let at = now + 10 * 86_400_000;
  while (new Date(startText(at, zone).slice(0, 10)).getUTCDay() !== 1) at += 86_400_000;
  return startText(at + (weekday - 1) * 86_400_000, zone).slice(0, 10);
}

/** A start as the tools give it: `date`'s wall clock `time` (HH:MM) in `zone`, with its offset. */
export function startAt(zone: string, date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return startText(zonedInstant(zone, { year, month, day, hour, minute, second: 0 })!, zone);
}

/** What the fake provider was asked to make: the assistant of the newest browser call, and its id. */
export interface MadeAssistant {
  body: Record<string, unknown>;
  id: string;
  requestId: string;
}

export function agentCalls(host: { webhookBase: string }, provider: FakeVoiceApi) {
  /** A visitor's browser call: the host makes its assistant (on the fake provider), as the widget asks. */
  async function browserAssistant(overrides: Record<string, unknown> = {}): Promise<MadeAssistant> {
    const answer = await jsonOf(await postJson(`${host.webhookBase}/website_demo_call`, validLead({ website: undefined, ...overrides })));
    const made = provider.requests.filter((request) => request.method === 'POST' && request.path === '/assistant').at(-1);
    expect(answer).toMatchObject({ assistantId: expect.any(String) });
    return { body: made!.body as Record<string, unknown>, id: answer['assistantId'] as string, requestId: answer['requestId'] as string };
  }

  /** A lead with a demoId (demo_form first), then its browser call's assistant. */
  async function demoAssistant(overrides: Record<string, unknown> = {}): Promise<MadeAssistant & { demoId: string }> {
    const form = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead({ website: undefined, ...overrides })));
    const demoId = form['demoId'] as string;
    return { ...(await browserAssistant({ ...overrides, demoId })), demoId };
  }

  /** The provider's tool-calls message for `calls` during the browser call of `assistant`, sent to the host. */
  const callTools = (assistant: MadeAssistant, calls: FakeToolCall[], options: SendOptions = {}) =>
    sendToolCalls(assistant.body, calls, { url: `${host.webhookBase}/call_events`, assistantId: assistant.id, ...options });

  return { browserAssistant, demoAssistant, callTools };
}

/** The one answer of a one-call exchange, checked to be the documented one. */
export async function onlyAnswer(exchange: Promise<ToolCallsExchange>) {
  const { status, problems, results, body } = await exchange;
  expect(status, JSON.stringify(body)).toBe(200);
  expect(problems).toEqual([]);
  expect(results.size).toBe(1);
  return [...results.values()][0]!;
}
