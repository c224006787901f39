import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import type { KnownCallTerms } from '../../webhooks/call-terms.ts';

// A sent flow kept in sessionStorage, so a reload or Back finds the same agent and nothing outlives the tab.

export interface SavedFlow {
  /** The host the agent was made with: another webhook-base does not restore it. */
  webhookBase: string;
  request: DemoRequest;
  agentId: string;
  callTerms: KnownCallTerms;
  /** The page's `Date.now()` when the loading screen began: a restore resumes what is left of its wait. */
  loadingStartedAt: number;
  /** The wait had ended (congratulations or later): restored to congratulations whatever the clock says now. */
  waited: boolean;
}

/** The page's path and the element's `id` (else its position), so several widgets on one page keep a flow each. */
export function savedFlowKey(host: HTMLElement): string {
  const root = host.getRootNode() as ParentNode;
  const place = host.id ? `#${host.id}` : [...root.querySelectorAll(host.localName)].indexOf(host);
  return `franchise-ai-demo:${location.pathname}:${place}`;
}

export function readSavedFlow(key: string, webhookBase: string): SavedFlow | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as SavedFlow | null;
    const { request } = saved ?? {};
    const ok =
      saved?.webhookBase === webhookBase &&
      typeof saved.agentId === 'string' &&
      typeof saved.loadingStartedAt === 'number' &&
      typeof saved.waited === 'boolean' &&
      typeof request?.name === 'string';
    return ok ? saved : null;
  } catch {
    return null;
  }
}
