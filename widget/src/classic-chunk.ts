import { CHUNK_REGISTRY } from './chunk-registry.ts';

// Loads a chunk of the script-tag build as a classic script: no CORS needed, whatever the host.
// Each chunk, when it runs, files its exports under its own URL in CHUNK_REGISTRY (the wrapper
// build/classic-chunks.ts puts around it); this reads them from there once the script has loaded.

// This file runs inside the main chunk, itself a classic script: while it runs, currentScript is
// that script, whose address the chunk names are relative to, and whose nonce a strict page needs.
const self_ = document.currentScript as HTMLScriptElement | null;
const base = self_?.src || document.baseURI;
const nonce = self_?.nonce ?? '';
const loading = new Map<string, Promise<unknown>>();

const registry = (): Record<string, unknown> => ((window as unknown as Record<string, Record<string, unknown>>)[CHUNK_REGISTRY] ??= {});

/** The exports of the chunk `file` (relative to the main chunk); a failure can be retried. */
export function loadClassicChunk<T>(file: string): Promise<T> {
  const src = new URL(file, base).href;
  let chunk = loading.get(src);
  if (!chunk) {
    chunk = new Promise((resolve, reject) => {
      if (src in registry()) return resolve(registry()[src]);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = () => (src in registry() ? resolve(registry()[src]) : reject(new Error(`${src} loaded but registered nothing`)));
      script.onerror = () => {
        loading.delete(src); // the next ask tries again
        script.remove();
        reject(new Error(`${src} could not be loaded`));
      };
      document.head.append(script);
    });
    loading.set(src, chunk);
  }
  return chunk as Promise<T>;
}
