import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { chooseFromSitemap, choosePages } from '@franchise-ai/shared/page-choice';
import { buildProfile } from '@franchise-ai/shared/profile-extract';
import { READ_DEADLINE_MS, readSite } from '@franchise-ai/shared/site-reader';
import { siteReaderSettingsFromEnv } from '@franchise-ai/shared/site-reader-settings';
import { n8nPageFetcher, type HttpGet, type Resolve } from './n8n-page-fetcher.ts';
import type { WorkflowEnv } from './request-check.ts';

// "Read site" (demo_form, after its answer): the visitor's website read with the stand-in's reader
// and extraction, through n8n's HTTP helper, into the brand profile the later calls' prompts use.

/** "Read site"'s item: what "Store profile" writes (the status, the profile as JSON), and the error of a read that broke ('' if none). */
export interface ProfileItem {
  status: BrandProfile['status'];
  profile: string;
  error: string;
}

/** The profile of `website` (null when the visitor gave none): ready, or unavailable with the reason. */
async function readProfile(typed: string, env: WorkflowEnv, httpGet: HttpGet, resolve: Resolve, deadlineMs: number): Promise<BrandProfile> {
  const settings = siteReaderSettingsFromEnv(env);
  // The queue for a read slot (read-slots-step.ts) took the whole deadline.
  if (typed && deadlineMs <= 0) return { status: 'unavailable', website: typed, reason: 'timeout' };
  const reading = await readSite(typed, {
    deadlineMs,
    fetchPage: n8nPageFetcher(httpGet, resolve),
    choosePages,
    chooseFromSitemap,
    userAgent: settings.userAgent,
    allowLoopback: settings.allowLoopback,
  });
  if ('refused' in reading) return { status: 'unavailable', website: typed || null, reason: reading.refused };
  return buildProfile(typed, reading.pages);
}

/**
 * "Read site": the profile of `website` as the row "Store profile" writes. Never throws: a read that
 * breaks (a malformed READER_INFO_URL or ALLOW_PRIVATE_WEBSITES, no `dns` builtin for `resolver` to
 * require, a bug in the reading or the extraction) is unavailable, 'unreachable', as the stand-in's
 * site-reads.ts makes it, so the row is settled rather than 'reading' forever; its message is the
 * item's `error`, which the workflow then raises (a failed execution, kept for the operator) once
 * the row is stored.
 */
export async function profileStep(
  website: string | null | undefined,
  env: WorkflowEnv,
  httpGet: HttpGet,
  resolver: () => Resolve,
  deadlineMs = READ_DEADLINE_MS,
): Promise<ProfileItem> {
  const typed = typeof website === 'string' ? website.trim() : '';
  try {
    const profile = await readProfile(typed, env, httpGet, resolver(), deadlineMs);
    return { status: profile.status, profile: JSON.stringify(profile), error: '' };
  } catch (error) {
    const profile: BrandProfile = { status: 'unavailable', website: typed || null, reason: 'unreachable' };
    return { status: profile.status, profile: JSON.stringify(profile), error: `Reading ${typed} failed: ${String((error as Error)?.message ?? error)}` };
  }
}
