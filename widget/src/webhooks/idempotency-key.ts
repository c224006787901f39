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

/** A flow's keys, which remember the last request to each path. */
export interface RememberedKeys extends IdempotencyKeys {
  /**
   * The next request to `path` is a new one, whatever its body: it gets a new key (remembered, so
   * its own retries keep it). For a request sent again on purpose, whose last answer the host
   * would replay for the old key (a fresh assistant in place of a spent one).
   */
  renew(path: string): void;
}

/**
 * One key per logical request: sending the same body to the same path again (the visitor trying
 * again after a failure whose answer may have been lost after the host stored it) reuses the key,
 * so the host stores the lead once; a changed body, or a path renewed, is a new request with a new key.
 */
export function rememberedIdempotencyKeys(create: () => string = newIdempotencyKey): RememberedKeys {
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
    renew: (path) => void last.delete(path),
  };
}
