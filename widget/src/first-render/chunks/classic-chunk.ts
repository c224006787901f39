import { CHUNK_KEY, POLICY_NAME } from './chunk-key.ts';
import { sharedModules } from './classic-shared.ts';
import { FILE_NAME } from './file-name.ts';

// A chunk of the script-tag build as a classic script (no CORS needed), filed on its <script> (build/classic-chunks.ts).

// The page's own <script> for this file: currentScript, or found by file name (a module has none).
type Keyed = Record<symbol, unknown>;
const own = (document.currentScript ??
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')].reverse().find((script) => new URL(script.src).pathname.split('/').pop() === FILE_NAME)) as
  | HTMLScriptElement
  | undefined;
const base = new URL('chunks/', own?.src || document.baseURI).href;
const nonce = own?.nonce ?? '';
const loading = new Map<string, Promise<unknown>>();

type ChunkFactory = (modules: object) => unknown;

/**
 * Under Trusted Types a plain string is refused as a script's src: the one policy (POLICY_NAME, which
 * the page's CSP must allow) passes this build's own chunk addresses only. Undefined without it.
 */
let policy: { createScriptURL(url: string): string } | undefined | null = null;
function scriptUrl(src: string, files: readonly string[]): string {
  if (policy === null) {
    const allowed = files.map((file) => new URL(file, base).href);
    try {
      policy = (window as { trustedTypes?: { createPolicy(name: string, rules: object): typeof policy } }).trustedTypes?.createPolicy(POLICY_NAME, {
        createScriptURL: (url: string) => {
          if (!allowed.includes(url)) throw new TypeError(`[franchise-ai-demo] not one of its chunks: ${url}`);
          return url;
        },
      });
    } catch {
      policy = undefined;
    }
  }
  return policy ? policy.createScriptURL(src) : src;
}

/**
 * The exports of the chunk `file` (one of `files`, this build's chunks, relative to chunks/); a failure
 * can be retried. `more`: modules a chunk takes from a lazy chunk, beside the main chunk's.
 */
export function loadClassicChunk<T>(file: string, files: readonly string[], more?: object): Promise<T> {
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
      script.src = scriptUrl(src, files);
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = () => {
        const factory = (script as unknown as Keyed)[Symbol.for(CHUNK_KEY)] as ChunkFactory | undefined;
        if (factory) resolve(factory(more ? { ...sharedModules, ...more } : sharedModules));
        else fail(`${src} loaded but registered nothing`);
      };
      script.onerror = () => fail(`${src} could not be loaded`);
      document.head.append(script);
    });
    loading.set(src, chunk);
  }
  return chunk as Promise<T>;
}
