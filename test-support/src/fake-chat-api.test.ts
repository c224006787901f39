import { describe, expect, it } from 'vitest';
import { useFakeVoiceApi } from './fake-voice-api.ts';

// The fake's POST /chat, as the hosts' chat tests lean on it: the provider's checks, its Chat shape, the context carried.
describe("the fake voice API's chats", () => {
  const api = useFakeVoiceApi();
  const post = async (body: unknown) => {
    const response = await fetch(`${api.url}/chat`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { output?: Array<{ content: string }> } };
  };
  const assistant = { model: { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'Vous êtes un assistant IA.' }] } };

  it('answers each message as a Chat, with the earlier lines as context by previousChatId', async () => {
    const first = await post({ assistant, input: 'Bonjour' });
    expect(first.status).toBe(201);
    expect(first.body.output).toEqual([{ role: 'assistant', content: 'Bien reçu (1) : « Bonjour »' }]);
    const second = await post({ assistant, input: 'Lyon ?', previousChatId: first.body['id'] });
    expect(second.body.output?.[0]?.content).toBe('Bien reçu (2) : « Lyon ? »');
    expect(api.chatRequests()).toHaveLength(2);
  });

  it('refuses what the provider refuses: no assistant, an unknown previous chat, a property it does not know', async () => {
    expect((await post({ input: 'Hi' })).status).toBe(400);
    expect((await post({ assistant, input: 'Hi', previousChatId: '00000000-0000-4000-8000-00000000abcd' })).status).toBe(404);
    const refused = await post({ assistant, input: 'Hi', mode: 'text' });
    expect(refused.status).toBe(400);
    expect(refused.body['message']).toEqual(['property mode should not exist']);
    api.requests.length = 0;
  });
});
