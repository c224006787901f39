import { fetchLeads as fetchHostLeads, type LeadsReader } from '../../../examples/webhook-host/support/fetch-leads.ts';
import { removeDatabase, spawnHost, type SpawnedHost } from '../../../examples/webhook-host/support/spawn-host.ts';

export const ASSISTANT_ID = 'asst_test_1';

/** One request as the host stored it (GET /leads). */
export interface Lead {
  endpoint: 'demo_form' | 'website_demo_call' | 'trigger_ai_demo_call';
  product: string;
  name: string;
  company: string;
  email: string;
  website: string | null;
  businessType: string;
  phoneNumber: string | null;
}

/** What the host received, newest first (GET /leads with the host's LEADS_TOKEN). */
export const fetchLeads = (host: LeadsReader): Promise<Lead[]> => fetchHostLeads<Lead>(host);

export interface WebhookHost {
  url: string;
  webhookBase: string;
  /** What the host received, newest first. */
  leads(): Promise<Lead[]>;
  stop(): Promise<void>;
}

/** The real host process, without rate limits, answering website_demo_call with ASSISTANT_ID. */
export async function startWebhookHost(env: Record<string, string> = {}): Promise<WebhookHost> {
  const host: SpawnedHost = await spawnHost({ env: { RATE_LIMIT: 'off', VAPI_ASSISTANT_ID: ASSISTANT_ID, ...env } });
  return {
    url: host.url,
    webhookBase: host.webhookBase,
    leads: () => fetchLeads(host),
    async stop() {
      await host.stop();
      removeDatabase(host.databasePath);
    },
  };
}
