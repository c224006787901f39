import { openingLine } from '@franchise-ai/shared/opening-line';
import type { Language } from '../copy/language.ts';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { isRecord } from '../webhooks/assistant-answer.ts';
import { postJson } from '../webhooks/webhook-client.ts';
import type { FlowConfig } from '../first-render/element/renderer.ts';
import type { FlowState } from './reducer.ts';
import type { FlowCore } from './use-demo-flow.ts';

// The chat by text, through the host's `chat_message` (shared/src/chat.ts is the contract): what the
// later steps do before the chat's chunk (steps/chat/chat-actions.ts sends the messages).

export interface ChatHandlers {
  /** Asks once per demo whether the host chats for it (`{ demoId }`); any refusal or failure leaves the chat unoffered, silently. */
  probeChat(): void;
  /** 'Chat With It', 'Chat instead': the chat step, greeted as the host's chat assistant was. */
  openChat(): void;
}

/** The call's opening line, for text: the same inputs as the loading step's first words, so it is the host's `chatGreeting`. */
export function chatGreeting({ request, callTerms, greetingFact }: FlowState, config: Pick<FlowConfig, 'companyName'>, language: Language): string {
  const speaker = { companyName: callTerms.from ?? config.companyName, recordCalls: callTerms.recorded ?? false };
  return openingLine(request ?? { name: '', company: '' }, speaker, 'chat', greetingFact ?? null, language);
}

export function chatHandlers(core: FlowCore): ChatHandlers {
  const { stateRef, dispatch, signal } = core;
  let probed: string | null = null;

  async function probeChat() {
    const demoId = stateRef.current.request?.demoId;
    if (!demoId || probed === demoId) return;
    probed = demoId;
    try {
      const read = async (response: Response) => ((body: unknown) => isRecord(body) && body['status'] === 'open')(await response.json());
      if (await postJson(WEBHOOK_PATHS.chatMessage, { demoId }, { webhookBase: core.config.webhookBase, signal }, read)) dispatch({ type: 'chat-offered' });
    } catch {
      // A host without the endpoint (404), with chat off (503), failing, or answering no JSON: no chat is offered.
    }
  }

  return {
    probeChat: () => void probeChat(),
    openChat: () => dispatch({ type: 'chat-chosen', greeting: chatGreeting(stateRef.current, core.config, core.texts.language) }),
  };
}
