import { fileURLToPath } from 'node:url';
import { callEventsFromEnv, type CallEventsServer } from '@franchise-ai/shared/call-events';
import { callPolicyFromEnv, type CallPolicy } from '@franchise-ai/shared/call-policy';
import { chatIdleMinutes } from '@franchise-ai/shared/chat';
import { followUpFromEnv, MAIL_RETRY, type FollowUpConfig } from '@franchise-ai/shared/follow-up';
import { contactFromEnv, type FollowUpContact } from '@franchise-ai/shared/follow-up-contact';
import { leadWebhookFromEnv, type LeadWebhookConfig } from '@franchise-ai/shared/lead-event';
import { parseOriginPolicy, type OriginPolicy } from '@franchise-ai/shared/origin-policy';
import { rateLimitsFromEnv, type RateLimits } from '@franchise-ai/shared/rate-limits';
import { parseSwitch } from '@franchise-ai/shared/env-switch';
import { maxSiteReadsFromEnv } from '@franchise-ai/shared/read-cap';
import { siteReaderSettingsFromEnv, type SiteReaderSettings } from '@franchise-ai/shared/site-reader-settings';
import { DEFAULT_VAPI_API_BASE } from '@franchise-ai/shared/voice-requests';
import { agentToolsFromEnv, type AgentToolsConfig } from './agent-tools-config.ts';
import type { Endpoint } from './endpoints.ts';
import { parseFailures, type Failure } from './failure-injection.ts';
import { parseLeadsToken } from './leads-access.ts';
import type { VoiceProviderConfig } from './voice-provider.ts';

export interface HostConfig {
  host: string;
  port: number;
  databasePath: string;
  databaseSync: 'full' | 'normal';
  allowOrigin: OriginPolicy;
  /** Take the client address from `X-Forwarded-For` (only behind a proxy you run). */
  trustProxy: boolean;
  /** The bearer token `GET /leads` requires; undefined turns `/leads` off (404). */
  leadsToken: string | undefined;
  /** How long a client may take and how many may connect at once (see server.ts). */
  connections: ConnectionLimits;
  rateLimits: RateLimits;
  /** Which countries are called, the daily ceiling, recording, the company the agent speaks for. */
  callPolicy: CallPolicy;
  /** How visitors' websites are read: loopback sites allowed or not, the user agent. */
  siteReader: SiteReaderSettings;
  /** How many websites are read at once (MAX_SITE_READS); more wait their turn (site-reads.ts). */
  maxSiteReads: number;
  /** WEBSITES_OFFLINE=1: only sites on this machine are read (the tests); any other is unreachable. */
  websitesOffline: boolean;
  failures: Map<Endpoint, Failure>;
  latencyMs: number;
  logRequests: boolean;
  voice: VoiceProviderConfig;
  /**
   * The voice provider's reports: `secret` (VAPI_SERVER_SECRET) turns POST …/call_events
   * on; `server` (with PUBLIC_WEBHOOK_BASE) is what every assistant is told to report to.
   */
  callEvents: { secret: string | undefined; server: CallEventsServer | undefined };
  /** The follow-up mails after a call: SMTP_URL, MAIL_FROM, TEAM_EMAIL, BOOKING_URL. */
  followUp: FollowUpConfig;
  /** CONTACT_EMAIL, CONTACT_PHONE: how a visitor reaches the company when there is no booking page. */
  contact: FollowUpContact;
  /**
   * MAIL_RETRY_FIRST_MS: the outbox's first wait after a failed send, doubling from there (shared
   * retryDelayMs); 5 s unless set. The tests shorten it, so a mail server that comes back is seen soon.
   */
  mailRetryFirstMs: number;
  /** LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET: where each call's signed lead.qualified event goes; undefined: none is sent. */
  leadWebhook: LeadWebhookConfig | undefined;
  /** LEAD_WEBHOOK_RETRY_FIRST_MS: the first wait after a failed delivery, doubling from there, as for the mails. */
  leadWebhookRetryFirstMs: number;
  /**
   * The agent's tools, answered at call_events during the call: TERRITORIES_FILE's list (check_territory)
   * and the calendar (CALDAV_*, MEETING_*: find_meeting_times, book_meeting); given to the assistant
   * only with PUBLIC_WEBHOOK_BASE, its server URL.
   */
  agentTools: AgentToolsConfig;
  /**
   * How long a chat may go without a message before it ends and its mails go: CHAT_IDLE_MINUTES, or
   * CHAT_IDLE_SECONDS (for the tests only, which cannot wait a minute).
   */
  chatIdleMs: number;
}

export interface ConnectionLimits {
  /** From connecting to the end of the request headers (slowloris). */
  headersTimeoutMs: number;
  /** From connecting to the end of the request body: a body that never ends. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; more are closed as soon as they connect. */
  maxConnections: number;
  /** Open connections at most from one client address (socket address, IPv6 by its /64): see client-connections.ts. */
  maxConnectionsPerClient: number;
}

export const DEFAULT_DATABASE_PATH = fileURLToPath(new URL('../data/webhook-host.db', import.meta.url));

/** Every setting comes from the environment; anything malformed stops the start with a clear message. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const trustProxy = env['TRUST_PROXY'] === '1';
  return {
    host: env['HOST'] || '127.0.0.1',
    port: integer(env['PORT'], 8787, 'PORT'),
    databasePath: env['DATABASE_PATH'] || DEFAULT_DATABASE_PATH,
    databaseSync: env['DATABASE_SYNC'] === 'normal' ? 'normal' : 'full',
    allowOrigin: parseOriginPolicy(env['CORS_ORIGINS']),
    trustProxy,
    leadsToken: parseLeadsToken(env['LEADS_TOKEN']),
    connections: connectionLimits(env, trustProxy),
    rateLimits: rateLimitsFromEnv(env),
    callPolicy: callPolicyFromEnv(env),
    siteReader: siteReaderSettingsFromEnv(env),
    maxSiteReads: maxSiteReadsFromEnv(env),
    websitesOffline: parseSwitch('WEBSITES_OFFLINE', env['WEBSITES_OFFLINE']),
    failures: parseFailures(env['FAIL']),
    latencyMs: integer(env['LATENCY_MS'], 0, 'LATENCY_MS'),
    logRequests: env['LOG_REQUESTS'] !== '0',
    voice: {
      apiBase: env['VAPI_API_BASE'] || DEFAULT_VAPI_API_BASE,
      privateKey: env['VAPI_PRIVATE_KEY'] || undefined,
      assistantId: env['VAPI_ASSISTANT_ID'] || undefined,
      phoneNumberId: env['VAPI_PHONE_NUMBER_ID'] || undefined,
      timeoutMs: integer(env['VAPI_TIMEOUT_MS'], 10_000, 'VAPI_TIMEOUT_MS'),
    },
    callEvents: callEventsFromEnv(env),
    followUp: followUpFromEnv(env),
    contact: contactFromEnv(env),
    mailRetryFirstMs: integer(env['MAIL_RETRY_FIRST_MS'], MAIL_RETRY.firstMs, 'MAIL_RETRY_FIRST_MS', 1),
    leadWebhook: leadWebhookFromEnv(env),
    leadWebhookRetryFirstMs: integer(env['LEAD_WEBHOOK_RETRY_FIRST_MS'], MAIL_RETRY.firstMs, 'LEAD_WEBHOOK_RETRY_FIRST_MS', 1),
    agentTools: agentToolsFromEnv(env),
    chatIdleMs: env['CHAT_IDLE_SECONDS'] ? integer(env['CHAT_IDLE_SECONDS'], 0, 'CHAT_IDLE_SECONDS', 1) * 1000 : chatIdleMinutes(env) * 60_000,
  };
}

// Sized for a webhook: bodies are at most 16 KB and arrive in one go, so a client that is still
// sending after seconds is stuck or hostile; each connection holding a socket costs memory.
function connectionLimits(env: NodeJS.ProcessEnv, trustProxy: boolean): ConnectionLimits {
  const maxConnections = integer(env['MAX_CONNECTIONS'], 256, 'MAX_CONNECTIONS', 1);
  const limits = {
    headersTimeoutMs: integer(env['HEADERS_TIMEOUT_MS'], 10_000, 'HEADERS_TIMEOUT_MS', 1),
    requestTimeoutMs: integer(env['REQUEST_TIMEOUT_MS'], 15_000, 'REQUEST_TIMEOUT_MS', 1),
    keepAliveTimeoutMs: integer(env['KEEP_ALIVE_TIMEOUT_MS'], 5_000, 'KEEP_ALIVE_TIMEOUT_MS', 1),
    maxConnections,
    // A quarter each, so one client's idle sockets leave three quarters to everyone else; behind a
    // proxy (TRUST_PROXY=1) every socket is the proxy's, so none unless set (the proxy limits per client).
    maxConnectionsPerClient: integer(
      env['MAX_CONNECTIONS_PER_CLIENT'],
      trustProxy ? maxConnections : Math.max(1, Math.floor(maxConnections / 4)),
      'MAX_CONNECTIONS_PER_CLIENT',
      1,
    ),
  };
  if (limits.maxConnectionsPerClient > limits.maxConnections) {
    throw new Error(
      `MAX_CONNECTIONS_PER_CLIENT (${limits.maxConnectionsPerClient}) must not exceed MAX_CONNECTIONS (${limits.maxConnections}): one client cannot hold more than all of them.`,
    );
  }
  // Node refuses this too, but with a message that names neither setting.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}): the headers are part of the request.`,
    );
  }
  return limits;
}

function integer(value: string | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${value}".`);
  return parsed;
}
