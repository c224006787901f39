// The host's own record type, by the same path webhook-host.ts runs the host from: what GET /leads
// lists is exactly what the host stores.
import type { StoredRequest } from '../../hosts/reference/src/store.ts';

/** One request as the host stored it. */
export type Lead = StoredRequest;

/** Where a running host answers GET /leads and the token it wants (spawnHost gives every host one). */
export interface LeadsReader {
  url: string;
  leadsToken: string;
}

/** The header GET /leads requires. */
export const leadsAuthorization = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/**
 * What the host received, newest first (GET /leads with its token): the one way every suite
 * reads leads, so each also checks that the authenticated endpoint works. Fails with the host's
 * own message when refused.
 */
export async function fetchLeads<T = Lead>(host: LeadsReader, limit?: number): Promise<T[]> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  const response = await fetch(`${host.url}/leads${query}`, { headers: leadsAuthorization(host.leadsToken) });
  if (!response.ok) throw new Error(`GET /leads answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { leads: T[] }).leads;
}
