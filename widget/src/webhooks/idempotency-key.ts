/** 32 hex digits from `crypto.getRandomValues`: `crypto.randomUUID` needs a secure context, and partner pages may be http. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IdempotencyKeys {
  keyFor(path: string, body: unknown): string;
}

export interface RememberedKeys extends IdempotencyKeys {
  /** The next request to `path` gets a new key, whatever its body: for one whose old answer must not be replayed. */
  renew(path: string): void;
}

/** One key per logical request: the same body to the same path reuses it, so the host stores the lead once. */
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
