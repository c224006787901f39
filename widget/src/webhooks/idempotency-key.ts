/**
 * A fresh key: 32 hex digits from `crypto.getRandomValues`, which every browser has on any page
 * (`crypto.randomUUID` needs a secure context, and partner pages may be plain http).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Which key a webhook request carries. */
export interface IdempotencyKeys {
  keyFor(path: string, body: unknown): string;
}

/**
 * One key per logical request: sending the same body to the same path again (the visitor trying
 * again after a failure whose answer may have been lost after the host stored it) reuses the key,
 * so the host stores the lead once; a changed body is a new request with a new key.
 */
export function rememberedIdempotencyKeys(create: () => string = newIdempotencyKey): IdempotencyKeys {
  const last = new Map<string, { body: string; key: string }>();
  return {
    keyFor(path, body) {
      const text = JSON.stringify(body);
      const remembered = last.get(path);
      if (remembered?.body === text) return remembered.key;
      const key = create();
      last.set(path, { body: text, key });
      return key;
    },
  };
}
