import { deleteAfterReport, deleteAssistant, sweepAssistants, type ProviderAnswer, type SweepResult } from '@franchise-ai/shared/assistant-cleanup';
import { assistantRequest, callRequest, missingCallSettings, type VoiceTerms } from '@franchise-ai/shared/voice-requests';
import { joinUrl } from '@franchise-ai/shared/web-url';
import type { Lead } from '@franchise-ai/shared/request-body';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import type { ReportEvent } from '@franchise-ai/shared/call-events';
import { chatAnalysisOf, chatAnalysisRequest, chatGreeting, chatReplyOf, chatRequest } from '@franchise-ai/shared/chat';

export interface VoiceProviderConfig {
  apiBase: string;
  privateKey: string | undefined;
  /** A ready-made assistant answered to every visitor instead of creating one. */
  assistantId: string | undefined;
  /** The provider's id of the number calls are placed from. */
  phoneNumberId: string | undefined;
  timeoutMs: number;
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export class VoiceProvider {
  constructor(
    private readonly config: VoiceProviderConfig,
    /**
     * What every assistant says of itself and its call (the host's call policy); a function when
     * they depend on the lead and the hour (the tools' prompt names today's date in the lead's language).
     */
    private readonly terms: VoiceTerms | ((lead: Lead) => VoiceTerms),
  ) {}

  private termsFor(lead: Lead): VoiceTerms {
    return typeof this.terms === 'function' ? this.terms(lead) : this.terms;
  }

  /** A per-visitor assistant can be made only with the private key. */
  get canCreateAssistants(): boolean {
    return Boolean(this.config.privateKey);
  }

  /** Chats go through the provider's chat API, which takes only the private key. */
  get canChat(): boolean {
    return Boolean(this.config.privateKey);
  }

  /** The agent's first line in a chat with this lead (shared chat.ts). */
  chatGreeting(lead: Lead, profile?: BrandProfile): string {
    return chatGreeting(lead, this.termsFor(lead), profile);
  }

  /** One visitor message: the provider's new chat id and the agent's reply; a ProviderError when it answers none, or late. */
  async chat(turn: {
    lead: Lead;
    leadId: string;
    profile: BrandProfile | undefined;
    message: string;
    previousChatId: string | null;
  }): Promise<{ chatId: string; reply: string }> {
    const { profile, ...rest } = turn;
    const answer = chatReplyOf(await this.post('/chat', chatRequest({ ...rest, ...(profile ? { profile } : {}), terms: this.termsFor(turn.lead) })));
    if (!answer) throw new ProviderError('POST /chat answered no reply.');
    return answer;
  }

  /** A finished chat's summary and qualification, by one more chat with an analyst assistant (shared chat.ts). */
  async analyseChat(lead: Lead, transcript: string): Promise<Pick<ReportEvent, 'summary' | 'structuredData'>> {
    return chatAnalysisOf(await this.post('/chat', chatAnalysisRequest(lead, transcript)));
  }

  /** Calls are placed only with the private key and a number to call from. */
  get canPlaceCalls(): boolean {
    return Boolean(this.config.privateKey && this.config.phoneNumberId);
  }

  /** The settings that would make calls real, of those unset (shared CALL_SETTINGS). */
  get missingCallSettings(): string[] {
    return missingCallSettings({ VAPI_PRIVATE_KEY: this.config.privateKey, VAPI_PHONE_NUMBER_ID: this.config.phoneNumberId });
  }

  get configuredAssistantId(): string | undefined {
    return this.config.assistantId;
  }

  /** A browser call's assistant; `profile`: what the host read from the visitor's website, when it is ready. */
  async createAssistant(lead: Lead, profile?: BrandProfile): Promise<string> {
    const created = await this.post('/assistant', assistantRequest(lead, this.termsFor(lead), 'browser', profile));
    return created.id;
  }

  /** The call, with the configured assistant (VAPI_ASSISTANT_ID) or this visitor's inline: nothing is made on the account. */
  async placeCall(lead: Lead & { phoneNumber: string }, profile?: BrandProfile): Promise<string> {
    const call = await this.post('/call', callRequest(this.config.assistantId, this.config.phoneNumberId, lead, this.termsFor(lead), profile));
    return call.id;
  }

  /** Deletes an assistant this host made (a browser call's, whose request then failed); the error is the log's. */
  deleteAssistant(id: string): Promise<{ outcome: string; error: string }> {
    return deleteAssistant(this.request, id);
  }

  /** After an end-of-call report: its call's assistant, deleted when it is a per-visitor one (assistant-cleanup.ts). */
  cleanUpAfterReport(assistantId: string | null): Promise<{ outcome: string; error: string }> {
    return deleteAfterReport(this.request, assistantId, this.config.assistantId);
  }

  /** Deletes the per-visitor assistants older than their lifetime (assistant-cleanup.ts). */
  sweep(now = Date.now()): Promise<SweepResult> {
    return sweepAssistants(this.request, now);
  }

  /** GET or DELETE with the private key, within the timeout; never throws (assistant-cleanup.ts's ProviderRequest). */
  private readonly request = async (method: 'GET' | 'DELETE', path: string): Promise<ProviderAnswer> => {
    try {
      const response = await fetch(joinUrl(this.config.apiBase, path), {
        method,
        headers: { Authorization: `Bearer ${this.config.privateKey}` },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      return { status: response.status, body, error: '' };
    } catch (error) {
      return { status: null, body: null, error: `${method} ${path} failed: ${(error as Error).message}` };
    }
  };

  private async post(path: string, body: unknown): Promise<Record<string, unknown> & { id: string }> {
    const url = joinUrl(this.config.apiBase, path);
    const { timeoutMs } = this.config;
    // One ceiling for the whole exchange, body included; when it passes, say so, whatever broke.
    const signal = AbortSignal.timeout(timeoutMs);
    const broke = (stage: string, error: unknown, status?: number): ProviderError =>
      new ProviderError(
        signal.aborted ? `POST ${path} timed out after ${timeoutMs} ms ${stage}.` : `POST ${path} failed ${stage}: ${(error as Error).message}`,
        status,
      );
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.config.privateKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw broke('waiting for the answer', error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw broke('while the answer was arriving', error, response.status);
    }
    if (!response.ok) throw new ProviderError(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`, response.status);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderError(`POST ${path} answered something that is not JSON.`, response.status);
    }
    const id = (parsed as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id === '') throw new ProviderError(`POST ${path} answered no id.`, response.status);
    return { ...(parsed as Record<string, unknown>), id };
  }
}
