import { CHUNK_KEY, POLICY_NAME } from './chunk-key.ts';
import { sharedModules } from './classic-shared.ts';
import { FILE_NAME } from './file-name.ts';

// Loads a chunk of the script-tag build as a classic script: no CORS needed, whatever the host.
// Each chunk, when it runs, files a function on its own <script> element under CHUNK_KEY (the
// wrapper build/classic-chunks.ts puts around it); once the script has loaded, this calls it with
// the modules the chunk shares with the first render (src/chunks/classic-shared.ts) and gets the chunk's exports.

// This file runs inside dist/franchise-ai-demo.js, the one file a page includes, while it runs: its
// <script> is then currentScript (a classic script) or, as `<script type="module">`, found by its file
// name (a module has no currentScript). The chunks are in chunks/ next to it; a strict page's nonce
// is on it.
type Keyed = Record<symbol, unknown>;
const own = (document.currentScript ??
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')].reverse().find((script) => new URL(script.src).pathname.split('/').pop() === FILE_NAME)) as
  | HTMLScriptElement
  | undefined;
const base = new URL('chunks/', own?.src || document.baseURI).href;
const nonce = own?.nonce ?? '';
const loading = new Map<string, Promise<unknown>>();

// Each of `sharedModules`' entries is, once built, a function returning the bindings chunks import
// from that module (build/classic-chunks.ts); its source's types say only which modules those are.
type ChunkFactory = (modules: typeof sharedModules) => unknown;

/**
 * A page that enforces Trusted Types refuses a plain string as a script's src: the widget's one
 * policy (POLICY_NAME, which such a page's CSP must allow) turns this build's own chunk addresses
 * into script URLs and refuses anything else. Made at the first chunk, once; undefined where
 * Trusted Types are absent, or where the page's CSP does not allow the policy (the chunk's
 * <script> is then refused, and the step says the demo could not be loaded).
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

/** The exports of the chunk `file` (one of `files`, this build's chunks, relative to chunks/); a failure can be retried. */
export function loadClassicChunk<T>(file: string, files: readonly string[]): Promise<T> {
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
        if (factory) resolve(factory(sharedModules));
        else fail(`${src} loaded but registered nothing`);
      };
      script.onerror = () => fail(`${src} could not be loaded`);
      document.head.append(script);
    });
    loading.set(src, chunk);
  }
  return chunk as Promise<T>;
}
