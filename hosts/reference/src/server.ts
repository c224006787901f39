import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { SWEEP_INTERVAL_MINUTES } from '@franchise-ai/shared/assistant-cleanup';
import { PROVIDER_MESSAGES } from '@franchise-ai/shared/voice-requests';
import { DEFAULT_LANGUAGE } from '@franchise-ai/shared/language';
import { DEFAULT_TIME_ZONE } from '@franchise-ai/shared/meeting-slots';
import { toolSettingsFor } from './agent-tools-config.ts';
import { createApp } from './app.ts';
import { retryWhileBusy } from './busy-retry.ts';
import { calendarTimeZone } from './calendar-tools.ts';
import { createChats } from './chats.ts';
import { limitConnectionsPerClient } from './client-connections.ts';
import type { HostConfig } from './config.ts';
import { startLeadWebhookOutbox } from './lead-webhook-outbox.ts';
import { startMailOutbox } from './mail-outbox.ts';
import { loopbackOnly, nodePageFetcher } from './page-fetcher.ts';
import { siteReads } from './site-reads.ts';
import { Store } from './store.ts';
import { VoiceProvider } from './voice-provider.ts';

/** How long the start waits for its first sweep of the provider's assistants. */
const FIRST_SWEEP_WAIT_MS = 2_000;

/** Starting may wait longer for another process's lock than a request may: nothing is being served yet. */
const STARTUP_DEADLINE_MS = 10_000;

export interface RunningHost {
  url: string;
  server: Server;
  store: Store;
  close(): Promise<void>;
}

// Node checks headersTimeout and requestTimeout only this often (30 s by default, which let a
// never-ending body hold its socket for 300 s + 17 s): a slow client is cut within its timeout
// plus at most this much. The check walks the open connections, at most MAX_CONNECTIONS of them.
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/** How often idle chats are looked for: a chat ends within a quarter of its idle time after it, and at most a minute. */
const chatSweepIntervalMs = (idleMs: number): number => Math.min(60_000, Math.max(250, Math.floor(idleMs / 4)));

/** Once at start: which tools the agent gets, or why it gets none of those set up. */
function logAgentTools(config: HostConfig, log: (line: string) => void): void {
  const { territories, calendar } = config.agentTools;
  const named = [
    ...(territories ? [`check_territory (${territories.length} territories, franchisor calls)`] : []),
    ...(calendar ? [`find_meeting_times and book_meeting (in ${calendar.env['CALDAV_TIMEZONE']?.trim() || "the calendar's own time zone"})`] : []),
  ];
  if (named.length === 0) return;
  if (config.callEvents.server) log(`The agent's tools: ${named.join('; ')}.`);
  else log(`TERRITORIES_FILE / CALDAV_URL are set, but the agent gets no tools without PUBLIC_WEBHOOK_BASE (where the provider sends tool calls).`);
}

export async function startWebhookHost(config: HostConfig, log: (line: string) => void = console.log): Promise<RunningHost> {
  const store = new Store(config.databasePath, config.databaseSync);
  // Calls a killed process left between recording and settling: they may have rung.
  const abandoned = await retryWhileBusy(
    () =>
      store.settleAbandonedCalls(
        (requestId) => ({ status: 502, body: { error: PROVIDER_MESSAGES.unconfirmed, requestId } }),
        'The host stopped before the voice provider answered.',
      ),
    STARTUP_DEADLINE_MS,
  );
  if (abandoned > 0) log(`${abandoned} call(s) left pending by a previous run are now call-unconfirmed (they may have rung).`);
  // Websites a previous run was reading when it stopped: those reads are not resumed.
  const interrupted = await retryWhileBusy(() => store.abandonReadings(), STARTUP_DEADLINE_MS);
  if (interrupted > 0) log(`${interrupted} website read(s) left unfinished by a previous run are now unavailable (interrupted).`);
  const reads = siteReads(config.siteReader, config.maxSiteReads, config.websitesOffline ? loopbackOnly(nodePageFetcher()) : nodePageFetcher(), log);
  // The follow-up mails: sent from the outbox table, what a previous run left included.
  const { smtpUrl } = config.followUp;
  const outbox = smtpUrl === undefined ? undefined : startMailOutbox(store, smtpUrl, config.mailRetryFirstMs, log);
  if (!outbox) log('Follow-up mails are off: set SMTP_URL (and MAIL_FROM, TEAM_EMAIL) to send them.');
  // The lead.qualified events: delivered from their outbox table, what a previous run left included.
  const leadEvents = config.leadWebhook && startLeadWebhookOutbox(store, config.leadWebhook, config.leadWebhookRetryFirstMs, log);
  if (leadEvents && config.callEvents.secret === undefined)
    log('LEAD_WEBHOOK_URL is set, but no call reports come without VAPI_SERVER_SECRET: no lead.qualified event is sent.');
  const calendarZone = { current: config.agentTools.calendar?.settings.timeZone ?? DEFAULT_TIME_ZONE };
  const tools = config.callEvents.server ? config.agentTools : undefined;
  const provider = new VoiceProvider(config.voice, (lead) => ({
    ...config.callPolicy,
    callEvents: config.callEvents.server,
    tools: tools && toolSettingsFor(tools, lead.language ?? DEFAULT_LANGUAGE, calendarZone.current),
  }));
  logAgentTools(config, log);
  if (config.agentTools.calendar && !config.agentTools.calendar.env['CALDAV_TIMEZONE']?.trim()) {
    // The calendar's own zone, for the date the prompt gives before the first tool call reads it; not waited for.
    void calendarTimeZone(config.agentTools.calendar.env).then((zone) => {
      if (zone.ok) calendarZone.current = zone.zone;
      else log(`The calendar's time zone could not be read (${zone.detail}); today's date is given in ${calendarZone.current} until it is.`);
    });
  }
  // Once at start: what would make calls real here (each request without them says it again).
  if (!provider.canPlaceCalls) log(`Calls are recorded, not placed: set ${provider.missingCallSettings.join(' and ')} to place them.`);
  if (!provider.canCreateAssistants && !provider.configuredAssistantId) log(`Browser calls are off: ${PROVIDER_MESSAGES.noAssistant}`);
  if (!config.callPolicy.privacyUrls.en) log('The consent words link to no privacy policy: set PRIVACY_POLICY_URL to link yours.');
  // Chats by text, with the private key: the idle ones end, and ended ones a stop left unreported are reported, on a sweep.
  // Without the key, chats.ts still answers the probe (`off`), after the body's checks and the client's limit.
  const chats = createChats({ config, store, provider, log, outbox, leadEvents });
  const sweepChats = () => void chats.sweep().catch((error: Error) => log(`the chat sweep failed, trying again later: ${error.message}`));
  const chatSweeping = provider.canChat ? setInterval(sweepChats, chatSweepIntervalMs(config.chatIdleMs)) : undefined;
  chatSweeping?.unref();
  if (provider.canChat) sweepChats();
  const handle = createApp(config, store, provider, reads, log, outbox, calendarZone, leadEvents, chats);
  // The per-visitor assistants left on the provider's account (assistant-cleanup.ts): at start, then every few minutes.
  const sweep = async () => {
    const { deleted, failed, errors } = await provider.sweep();
    if (deleted > 0) log(`deleted ${deleted} unused assistant(s) older than their lifetime from the voice provider`);
    if (failed > 0) log(`the assistant sweep failed ${failed} time(s), trying again later: ${errors.join('; ')}`);
  };
  const sweeping = provider.canCreateAssistants ? setInterval(() => void sweep(), SWEEP_INTERVAL_MINUTES * 60_000) : undefined;
  sweeping?.unref();
  // The first sweep before the host listens, so none of its requests mingle with the first visitors'; a
  // slow provider does not hold the start for longer than FIRST_SWEEP_WAIT_MS (the sweep goes on).
  if (sweeping) await Promise.race([sweep(), sleep(FIRST_SWEEP_WAIT_MS, undefined, { ref: false })]);
  const limits = config.connections;
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(CONNECTIONS_CHECKING_INTERVAL_MS, limits.headersTimeoutMs),
    },
    (req, res) => void handle(req, res),
  );
  // Beyond the cap, Node closes a new connection as soon as it is accepted: a proxy in front
  // answers 502, and the connections already open are served as before.
  server.maxConnections = limits.maxConnections;
  limitConnectionsPerClient(server, limits.maxConnectionsPerClient);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    server,
    store,
    async close() {
      clearInterval(sweeping);
      clearInterval(chatSweeping);
      // Requests held open by FAIL=...:timeout would otherwise keep the server alive.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await reads.close();
      await outbox?.close();
      await leadEvents?.close();
      store.close();
    },
  };
}
