// `pnpm check:n8n-call-limits`: the call limits under concurrent requests on a real n8n 2.8.4, on
// SQLite (n8n's default, what `pnpm test` runs) and on PostgreSQL (the database of queue mode, where
// the workflows count every visible claim and recount: see src/call-claims.ts). Each round sends 30 call
// requests at once for one number from 30 clients, then 20 at once from one client to 20 numbers,
// with the voice provider faked; prints how many calls were placed and how many refused, and exits 1
// if more than a limit (3 per number, 5 per client) were ever placed. Everything it starts, it stops.
//   CHECK_MODES (sqlite,postgres), CHECK_ROUNDS (3).
import { callPolicyFromEnv, consentFor } from '@franchise-ai/shared/call-policy';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { startFakeVoiceApi, type FakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { startN8n } from '@franchise-ai/test-support/n8n-process';
import { SetupError, startPostgres } from './check-queue-services.ts';
import { ensureN8n } from './ensure-n8n.mjs';

const MODES = (process.env['CHECK_MODES'] ?? 'sqlite,postgres').split(',').map((mode) => mode.trim());
const ROUNDS = Number(process.env['CHECK_ROUNDS'] ?? 3);
const LIMITS = { perNumber: 3, perClient: 5 };
/** The words the workflows issue with their default settings: the one text they accept. */
const CONSENT = { given: true, text: consentFor(callPolicyFromEnv({}), 'en').text };
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

interface Burst {
  mode: string;
  burst: string;
  placed: number;
  refused: number;
  other: number;
  limit: number;
}

async function burst(
  mode: string,
  name: string,
  limit: number,
  webhookBase: string,
  voiceApi: FakeVoiceApi,
  requests: Array<{ phoneNumber: string; client: string }>,
): Promise<Burst> {
  const before = voiceApi.requests.filter((request) => request.path === '/call').length;
  const statuses = await Promise.all(
    requests.map(async ({ phoneNumber, client }) => {
      const response = await fetch(webhookBase + WEBHOOK_PATHS.triggerDemoCall, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify({
          name: 'Load Check',
          company: 'Limits Check',
          email: 'check@limits.example',
          businessType: 'franchisor',
          phoneNumber,
          consent: CONSENT,
        }),
      });
      await response.body?.cancel();
      return response.status;
    }),
  );
  const placed = voiceApi.requests.filter((request) => request.path === '/call').length - before;
  const refused = statuses.filter((status) => status === 429).length;
  return { mode, burst: name, placed, refused, other: statuses.length - refused - statuses.filter((status) => status === 200).length, limit };
}

async function runMode(mode: string, bin: string): Promise<Burst[]> {
  const stops: Array<() => Promise<void>> = [];
  try {
    const voiceApi = await startFakeVoiceApi();
    stops.push(() => voiceApi.stop());
    let database: Record<string, string> = {};
    if (mode === 'postgres') {
      const postgres = await startPostgres();
      stops.push(() => postgres.stop());
      const { host, port, database: name, user, password } = postgres.connection;
      database = {
        DB_TYPE: 'postgresdb',
        DB_POSTGRESDB_HOST: host,
        DB_POSTGRESDB_PORT: String(port),
        DB_POSTGRESDB_DATABASE: name,
        DB_POSTGRESDB_USER: user,
        DB_POSTGRESDB_PASSWORD: password,
      };
    }
    log(`${mode}: importing, publishing and starting n8n`);
    const n8n = await startN8n({
      bin,
      env: {
        VAPI_API_BASE: voiceApi.url,
        VAPI_PRIVATE_KEY: 'sk_check',
        VAPI_PHONE_NUMBER_ID: 'pn_check',
        TRUST_PROXY: '1',
        MAX_CALLS_PER_DAY: 'off',
        ...database,
      },
      timeoutMs: 240_000,
    });
    stops.push(() => n8n.stop());
    const results: Burst[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const line = `+1201555${String(8000 + round)}`;
      const bursts = [
        {
          name: '30 at once, one number',
          limit: LIMITS.perNumber,
          requests: Array.from({ length: 30 }, (_, index) => ({ phoneNumber: line, client: `198.51.${round}.${index + 1}` })),
        },
        {
          name: '20 at once, one client',
          limit: LIMITS.perClient,
          requests: Array.from({ length: 20 }, (_, index) => ({
            phoneNumber: `+1201555${String(8100 + round * 20 + index)}`,
            client: `203.0.113.${round + 1}`,
          })),
        },
      ];
      for (const { name, limit, requests } of bursts) {
        results.push(await burst(mode, `${name} (round ${round + 1})`, limit, n8n.webhookBase, voiceApi, requests));
      }
      log(
        results
          .slice(-2)
          .map((result) => `${mode}, ${result.burst}: ${result.placed} placed, ${result.refused} refused`)
          .join('; '),
      );
    }
    return results;
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(`cleanup: ${String(error)}`));
  }
}

try {
  const bin = ensureN8n();
  const results: Burst[] = [];
  for (const mode of MODES) results.push(...(await runMode(mode, bin)));
  console.log('');
  console.log('| database | burst | placed | refused (429) | other | limit |');
  console.log('|---|---|---|---|---|---|');
  for (const result of results) console.log(`| ${result.mode} | ${result.burst} | ${result.placed} | ${result.refused} | ${result.other} | ${result.limit} |`);
  if (results.some((result) => result.placed > result.limit)) {
    console.error('FAILED: more calls were placed than a limit allows.');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof SetupError ? error.message : error);
  process.exitCode = 1;
}
