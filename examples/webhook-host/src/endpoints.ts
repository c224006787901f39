/** The three webhooks of spec section 7, by the last path segment. */
export const ENDPOINTS = ['demo_form', 'website_demo_call', 'trigger_ai_demo_call'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export const isEndpoint = (value: string): value is Endpoint => (ENDPOINTS as readonly string[]).includes(value);

/** `/webhook/{product}/{endpoint}`; the product segment is free-form but tame. */
const ROUTE = /^\/webhook\/([A-Za-z0-9_-]{1,64})\/([a-z_]+)$/;

export function matchWebhookPath(pathname: string): { product: string; endpoint: Endpoint } | undefined {
  const match = ROUTE.exec(pathname);
  if (!match || !isEndpoint(match[2]!)) return undefined;
  return { product: match[1]!, endpoint: match[2] };
}
