import { CHUNK_REGISTRY } from './chunk-registry.ts';
import * as shared from './classic-shared.ts';

// Loads a chunk of the script-tag build as a classic script: no CORS needed, whatever the host.
// Each chunk, when it runs, files a function under its own URL in CHUNK_REGISTRY (the wrapper
// build/classic-chunks.ts puts around it); once the script has loaded, this calls it with the
// modules the chunk shares with the main chunk (src/classic-shared.ts) and gets the chunk's exports.

// This file runs inside the main chunk, itself a classic script: while it runs, currentScript is
// that script, whose address the chunk names are relative to, and whose nonce a strict page needs.
const self_ = document.currentScript as HTMLScriptElement | null;
const base = self_?.src || document.baseURI;
const nonce = self_?.nonce ?? '';
const loading = new Map<string, Promise<unknown>>();

// Each of `shared`'s exports is, once built, a function returning the bindings chunks import from
// that module (build/classic-chunks.ts); its source's types say only which modules those are.
type ChunkFactory = (modules: typeof shared) => unknown;
const registry = (): Record<string, unknown> => ((window as unknown as Record<string, Record<string, unknown>>)[CHUNK_REGISTRY] ??= {});

/** The exports of the chunk `file` (relative to the main chunk); a failure can be retried. */
export function loadClassicChunk<T>(file: string): Promise<T> {
  const src = new URL(file, base).href;
  let chunk = loading.get(src);
  if (!chunk) {
    chunk = new Promise((resolve, reject) => {
      const settle = () => (src in registry() ? resolve((registry()[src] as ChunkFactory)(shared)) : reject(new Error(`${src} loaded but registered nothing`)));
      if (src in registry()) return settle();
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = settle;
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
