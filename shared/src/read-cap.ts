// How many visitors' websites a host reads at once (MAX_SITE_READS), alike on both hosts: each read
// holds sockets and up to a few MB of pages, and a burst of forms must not turn the host into a
// crawler. Reads beyond the cap wait their turn within the same read deadline.

/** The cap when MAX_SITE_READS is unset. */
export const DEFAULT_MAX_SITE_READS = 4;

/** MAX_SITE_READS from the environment: a whole number ≥ 1; a malformed value throws, naming the variable. */
export function maxSiteReadsFromEnv(env: Record<string, string | undefined>): number {
  const value = env['MAX_SITE_READS'];
  if (value === undefined || value === '') return DEFAULT_MAX_SITE_READS;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`MAX_SITE_READS must be a whole number ≥ 1, got "${value}".`);
  return parsed;
}
