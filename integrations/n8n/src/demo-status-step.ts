import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { demoIdFromBytes } from '@franchise-ai/shared/demo-id';
import { checkDemoStatusBody, DEMO_STATUS_MESSAGES, profileView } from '@franchise-ai/shared/demo-status';
import { BODY_REFUSALS } from '@franchise-ai/shared/request-body';
import type { Answer } from './answer-steps.ts';
import { envelopeRefusal, refuse, type Refusal, type WebhookItem, type WorkflowEnv } from './request-check.ts';

// The profiles table's rows (demo_form writes them) and what the workflows make of them: demo_status's
// answer, and the profile the later calls give the assistant. A row is 'reading' until the site is read.

/** A row of the profiles table (every column a string). */
export interface ProfileRow {
  demoId: string;
  receivedAt: string;
  website: string;
  status: string;
  /** The BrandProfile as JSON; '' while reading. */
  profile: string;
}

/** "Reading row" (demo_form): a new demo, its id from 16 bytes of node's crypto (the sandbox has none of its own). */
export const readingRow = (randomBytes: Uint8Array, website: string | null, now: number): ProfileRow => ({
  demoId: demoIdFromBytes(randomBytes),
  receivedAt: new Date(now).toISOString(),
  website: website ?? '',
  status: 'reading',
  profile: '',
});

/** The stored profile of `demoId` among `rows` (a Data Table node's output); null when none is or it is still being read. */
export function storedProfile(rows: readonly Partial<ProfileRow>[], demoId: string | null): BrandProfile | null {
  const row = demoId === null ? undefined : rows.find((candidate) => candidate.demoId === demoId);
  if (!row || row.status === 'reading' || !row.profile) return null;
  try {
    return JSON.parse(row.profile) as BrandProfile;
  } catch {
    return null;
  }
}

/** "Check status" (demo_status): the stand-in's envelope checks, then a well-formed demoId. */
export function statusCheckStep(item: WebhookItem, env: WorkflowEnv): { ok: true; demoId: string } | Refusal {
  const refused = envelopeRefusal(item, env);
  if (refused) return refused;
  const checked = checkDemoStatusBody(item.body);
  return checked.ok ? { ok: true, demoId: checked.demoId } : refuse(BODY_REFUSALS.invalid, checked.fields);
}

/** "Status" (demo_status): the visitor's view of the demo's profile, or 404 for a demo this host does not know. */
export function statusStep(rows: readonly Partial<ProfileRow>[], demoId: string): Answer {
  const row = rows.find((candidate) => candidate.demoId === demoId);
  if (!row) return { status: 404, body: { error: DEMO_STATUS_MESSAGES.unknown } };
  return { status: 200, body: { profile: profileView(storedProfile([row], demoId)) } };
}
