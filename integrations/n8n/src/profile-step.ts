import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { choosePages } from '@franchise-ai/shared/page-choice';
import { buildProfile } from '@franchise-ai/shared/profile-extract';
import { readSite } from '@franchise-ai/shared/site-reader';
import { siteReaderSettingsFromEnv } from '@franchise-ai/shared/site-reader-settings';
import { n8nPageFetcher, type HttpGet, type Resolve } from './n8n-page-fetcher.ts';
import type { WorkflowEnv } from './request-check.ts';

// "Read site" (demo_form, after its answer): the visitor's website read with the stand-in's reader
// and extraction, through n8n's HTTP helper, into the brand profile the later calls' prompts use.

/** The profile of `website` (null when the visitor gave none): ready, or unavailable with the reason. */
export async function profileStep(website: string | null | undefined, env: WorkflowEnv, httpGet: HttpGet, resolve: Resolve): Promise<BrandProfile> {
  const settings = siteReaderSettingsFromEnv(env);
  const typed = website?.trim() ?? '';
  const reading = await readSite(typed, { fetchPage: n8nPageFetcher(httpGet, resolve), choosePages, userAgent: settings.userAgent, allowLoopback: settings.allowLoopback });
  if ('refused' in reading) return { status: 'unavailable', website: typed || null, reason: reading.refused };
  return buildProfile(typed, reading.pages);
}
