import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { ProfileView, ViewFact } from '@franchise-ai/shared/demo-status';
import { isRecord } from './assistant-answer.ts';
import { postJson, type WebhookOptions } from './webhook-client.ts';

// `POST {webhook-base}/demo_status` (issue 26): what the host has read of the visitor's website, for
// the loading step's panel (steps/learned-panel.tsx). In the later steps' chunk. The host is a
// stranger's server to the page: its answer is read field by field, and only text is kept.

/** The most facts the panel shows besides the description (shared demo-status.ts's MAX_VIEW_FACTS, which a host may not honour). */
const MAX_FACTS = 5;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function readFact(value: unknown): ViewFact | null {
  if (!isRecord(value) || !text(value['text'])) return null;
  return { kind: text(value['kind']) as ViewFact['kind'], text: text(value['text']), source: text(value['source']) };
}

/** The `profile` of a `demo_status` answer, or null when it is none the widget can show. */
export function readProfileView(body: unknown): ProfileView | null {
  const profile = isRecord(body) ? body['profile'] : undefined;
  if (!isRecord(profile)) return null;
  const website = text(profile['website']);
  switch (profile['status']) {
    case 'reading':
      return { status: 'reading' };
    case 'unavailable':
      return { status: 'unavailable', website: website || null, reason: text(profile['reason']) as Extract<ProfileView, { status: 'unavailable' }>['reason'] };
    case 'ready': {
      const facts = Array.isArray(profile['facts']) ? profile['facts'].map(readFact).filter((fact) => fact !== null) : [];
      return { status: 'ready', website, description: readFact(profile['description']), facts: facts.slice(0, MAX_FACTS), greeting: text(profile['greeting']) || null };
    }
    default:
      return null;
  }
}

/**
 * Asks the host once. Rejects with a WebhookError as every webhook call does (a 404: this host has no
 * `demo_status`, or does not know the demo); an ok answer it cannot read resolves null.
 */
export async function askDemoStatus(demoId: string, options: WebhookOptions): Promise<ProfileView | null> {
  return postJson(WEBHOOK_PATHS.demoStatus, { demoId }, options, async (response) => {
    try {
      return readProfileView(JSON.parse(await response.text()));
    } catch {
      return null;
    }
  });
}
