import { CHUNK_KEY, POLICY_KEY } from './chunk-key.ts';
import * as shared from './classic-shared.ts';

// Loads a chunk of the script-tag build as a classic script: no CORS needed, whatever the host.
// Each chunk, when it runs, files a function on its own <script> element under CHUNK_KEY (the
// wrapper build/classic-chunks.ts puts around it); once the script has loaded, this calls it with
// the modules the chunk shares with the main chunk (src/chunks/classic-shared.ts) and gets the chunk's exports.

// This file runs inside the main chunk, itself a classic script: while it runs, currentScript is
// that script, whose address the chunk names are relative to, whose nonce a strict page needs, and
// on which the loader left its Trusted Types policy (pages that enforce Trusted Types refuse a
// plain string as a script's src; the policy accepts only the widget's own chunks).
type ScriptUrlPolicy = { createScriptURL(url: string): string };
type Keyed = Record<symbol, unknown>;
const self_ = document.currentScript as HTMLScriptElement | null;
const base = self_?.src || document.baseURI;
const nonce = self_?.nonce ?? '';
const policy = (self_ as unknown as Keyed | null)?.[Symbol.for(POLICY_KEY)] as ScriptUrlPolicy | undefined;
const loading = new Map<string, Promise<unknown>>();

// Each of `shared`'s exports is, once built, a function returning the bindings chunks import from
// that module (build/classic-chunks.ts); its source's types say only which modules those are.
type ChunkFactory = (modules: typeof shared) => unknown;

/** The exports of the chunk `file` (relative to the main chunk); a failure can be retried. */
export function loadClassicChunk<T>(file: string): Promise<T> {
  const src = new URL(file, base).href;
  let chunk = loading.get(src);
  if (!chunk) {
    chunk = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (message: string) => {
        loading.delete(src); // the next ask tries again
        script.remove();
        reject(new Error(message));
      };
      script.src = policy ? policy.createScriptURL(src) : src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = () => {
        const factory = (script as unknown as Keyed)[Symbol.for(CHUNK_KEY)] as ChunkFactory | undefined;
        if (factory) resolve(factory(shared));
        else fail(`${src} loaded but registered nothing`);
      };
      script.onerror = () => fail(`${src} could not be loaded`);
      document.head.append(script);
    });
    loading.set(src, chunk);
  }
  return chunk as Promise<T>;
}
