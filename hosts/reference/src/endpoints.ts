import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';

type WebhookPath = (typeof WEBHOOK_PATHS)[keyof typeof WEBHOOK_PATHS];
type NameOf<Path> = Path extends `/${infer Name}` ? Name : never;

/** A webhook by the last segment of its path (shared WEBHOOK_PATHS), as routes, rows and FAIL name it. */
export type Endpoint = NameOf<WebhookPath>;
export const ENDPOINTS: readonly Endpoint[] = Object.values(WEBHOOK_PATHS).map((path) => path.slice(1) as Endpoint);

export const isEndpoint = (value: string): value is Endpoint => (ENDPOINTS as readonly string[]).includes(value);

/** `/webhook/{product}/{endpoint}`; the product segment is free-form but tame. */
const ROUTE = /^\/webhook\/([A-Za-z0-9_-]{1,64})\/([a-z_]+)$/;

export function matchWebhookPath(pathname: string): { product: string; endpoint: Endpoint } | undefined {
  const match = ROUTE.exec(pathname);
  if (!match || !isEndpoint(match[2]!)) return undefined;
  return { product: match[1]!, endpoint: match[2] };
}
