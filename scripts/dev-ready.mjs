// The pure parts of `pnpm dev` (scripts/dev.mjs): reading each server's address from the line it
// prints when it listens, so no port is written here a second time, and the one ready block.

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * What a server's start line says: vite's `Local:` line, the script-tag example's, the webhook host's
 * (with its database file) or the sample franchisor site's. Undefined for every other line.
 * @returns {{ kind: 'local' | 'partner' | 'webhook' | 'fixture', url: string, database?: string } | undefined}
 */
export function addressFromLine(rawLine) {
  const line = rawLine.replace(ANSI, '').trim();
  let m;
  if ((m = /Local:\s+(https?:\/\/\S+)/.exec(line))) return { kind: 'local', url: m[1] };
  if ((m = /^script-tag example on (https?:\/\/\S+)/.exec(line))) return { kind: 'partner', url: m[1] };
  if ((m = /^webhook host listening on (https?:\/\/\S+) \(database (.+)\)$/.exec(line))) return { kind: 'webhook', url: m[1], database: m[2] };
  if ((m = /^franchise website to type in the demo form: (https?:\/\/\S+)/.exec(line))) return { kind: 'fixture', url: m[1] };
  return undefined;
}

const slash = (url) => (url.endsWith('/') ? url : `${url}/`);

/** The addresses polled before the ready block: every page the block names. */
export function pagesToPoll(a) {
  const site = slash(a.site);
  const partner = slash(a.partner);
  return [site, `${site}demo`, `${site}embed`, partner, `${partner}strict-csp`, slash(a.react), slash(a.webhook), slash(a.fixture)];
}

/**
 * Voice needs the provider's keys: phone calls from the local host (VAPI_PRIVATE_KEY and
 * VAPI_PHONE_NUMBER_ID, shared/src/voice-requests.ts CALL_SETTINGS); the in-browser call needs the
 * public key in the page (VITE_VOICE_PUBLIC_KEY) and an assistant from the host (VAPI_ASSISTANT_ID, or
 * VAPI_PRIVATE_KEY to make one per visitor).
 */
export function voiceLine(env) {
  const calls = Boolean(env.VAPI_PRIVATE_KEY && env.VAPI_PHONE_NUMBER_ID);
  const assistant = Boolean(env.VAPI_ASSISTANT_ID || env.VAPI_PRIVATE_KEY);
  const browser = Boolean(env.VITE_VOICE_PUBLIC_KEY) && assistant;
  if (calls && browser) return 'live (phone calls and in-browser calls)';
  const off = [];
  if (!calls) off.push('phone calls: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID');
  if (!browser) off.push(`in-browser calls: set VITE_VOICE_PUBLIC_KEY${assistant ? '' : ', and VAPI_ASSISTANT_ID or VAPI_PRIVATE_KEY'}`);
  return `${calls || browser ? 'partly live' : 'not live'} (${off.join('; ')})`;
}

/** The one block printed when every server answers. */
export function readyBlock(a, env, seconds) {
  const site = slash(a.site);
  const partner = slash(a.partner);
  return [
    '',
    `Ready in ${seconds.toFixed(1)} s:`,
    `  site          ${site}`,
    `  demo          ${site}demo`,
    `  embed setup   ${site}embed`,
    `  partner page  ${partner}  (strict CSP: ${partner}strict-csp)`,
    `  React host    ${slash(a.react)}`,
    `  local host    ${slash(a.webhook)}  (sample franchisor site to type in the form: ${slash(a.fixture)})`,
    `  voice         ${voiceLine(env)}`,
    `  leads         kept in ${a.database}; list them: npx --yes pnpm@10 leads`,
    'Ctrl-C stops everything.',
    '',
  ].join('\n');
}
