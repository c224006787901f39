import { fileURLToPath } from 'node:url';
import { parseOriginPolicy, type OriginPolicy } from './cors.ts';
import type { Endpoint } from './endpoints.ts';
import { parseFailures, type Failure } from './failure-injection.ts';
import { parseLeadsToken } from './leads-access.ts';
import { parseRateLimit, type RateLimit } from './rate-limiter.ts';
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
  rateLimits: {
    demoFormPerIp: RateLimit | null;
    assistantPerIp: RateLimit | null;
    callPerIp: RateLimit | null;
    callPerPhone: RateLimit | null;
  };
  failures: Map<Endpoint, Failure>;
  latencyMs: number;
  logRequests: boolean;
  voice: VoiceProviderConfig;
}

export const DEFAULT_DATABASE_PATH = fileURLToPath(new URL('../data/webhook-host.db', import.meta.url));

/** Every setting comes from the environment; anything malformed stops the start with a clear message. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const off = env['RATE_LIMIT'] === 'off';
  const limit = (name: string, fallback: RateLimit) => (off ? null : parseRateLimit(env[name], fallback));
  return {
    host: env['HOST'] || '127.0.0.1',
    port: integer(env['PORT'], 8787, 'PORT'),
    databasePath: env['DATABASE_PATH'] || DEFAULT_DATABASE_PATH,
    databaseSync: env['DATABASE_SYNC'] === 'normal' ? 'normal' : 'full',
    allowOrigin: parseOriginPolicy(env['CORS_ORIGINS']),
    trustProxy: env['TRUST_PROXY'] === '1',
    leadsToken: parseLeadsToken(env['LEADS_TOKEN']),
    rateLimits: {
      demoFormPerIp: limit('RATE_LIMIT_DEMO_FORM', { limit: 20, windowMs: 60_000 }),
      assistantPerIp: limit('RATE_LIMIT_ASSISTANT', { limit: 20, windowMs: 60_000 }),
      callPerIp: limit('RATE_LIMIT_CALL_IP', { limit: 5, windowMs: 600_000 }),
      callPerPhone: limit('RATE_LIMIT_CALL_PHONE', { limit: 3, windowMs: 86_400_000 }),
    },
    failures: parseFailures(env['FAIL']),
    latencyMs: integer(env['LATENCY_MS'], 0, 'LATENCY_MS'),
    logRequests: env['LOG_REQUESTS'] !== '0',
    voice: {
      apiBase: env['VAPI_API_BASE'] || 'https://api.vapi.ai',
      privateKey: env['VAPI_PRIVATE_KEY'] || undefined,
      assistantId: env['VAPI_ASSISTANT_ID'] || undefined,
      phoneNumberId: env['VAPI_PHONE_NUMBER_ID'] || undefined,
      timeoutMs: integer(env['VAPI_TIMEOUT_MS'], 10_000, 'VAPI_TIMEOUT_MS'),
    },
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number ≥ 0, got "${value}".`);
  return parsed;
}
