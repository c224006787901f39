import { fileURLToPath } from 'node:url';
import { build, type Plugin, type UserConfig } from 'vite';
import { CHUNK_REGISTRY } from '../src/chunk-registry.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The lazy parts of the script-tag build, by chunk name (src/lazy-chunks-classic.ts loads them by these names). */
export const LAZY_CHUNKS = {
  'phone-rules': 'src/phone/phone-rules.ts',
  'vapi-client': 'src/voice/vapi-client.ts',
  'missing-assistant-id': 'src/webhooks/missing-assistant-id.ts',
} as const;

const EXPORTS = '__fadChunk';

/**
 * The script-tag build loads nothing as an ES module: a cross-origin module needs CORS headers,
 * which many static hosts (S3 and others, by default) do not send, and the page would show an empty
 * box. Vite cannot code-split a classic (IIFE) build, so each lazy part is built here on its own,
 * as a classic script that files its exports in `window[CHUNK_REGISTRY]` under its own URL
 * (src/classic-chunk.ts loads it), and the main build swaps src/lazy-chunks.ts for
 * src/lazy-chunks-classic.ts, whose `__FAD_CHUNKS__` becomes the chunks' hashed names.
 * `config` is what every build shares (aliases, JSX): the same as the main build's.
 */
export function classicChunks(config: Pick<UserConfig, 'resolve' | 'oxc' | 'root' | 'mode' | 'define'>): Plugin {
  let files: Record<string, string> = {};
  let chunks: Array<{ fileName: string; code: string }> = [];
  return {
    name: 'franchise-ai-demo-classic-chunks',
    apply: 'build',
    // Before Vite's resolver, which would otherwise find src/lazy-chunks.ts itself.
    enforce: 'pre',
    async buildStart() {
      const built = await Promise.all(Object.entries(LAZY_CHUNKS).map(([name, entry]) => buildChunk(config, name, entry)));
      files = Object.fromEntries(built.map(({ name, fileName }) => [name, fileName.replace(/^chunks\//, '')]));
      chunks = built;
      // A watching build (pnpm dev) rebuilds when a lazy part changes too.
      for (const { moduleIds } of built) for (const id of moduleIds) if (!id.startsWith('\0') && !id.includes('node_modules')) this.addWatchFile(id);
    },
    resolveId(source, importer) {
      if (importer?.startsWith(SRC) && /(^|\/)lazy-chunks\.ts$/.test(source)) {
        return this.resolve(source.replace(/lazy-chunks\.ts$/, 'lazy-chunks-classic.ts'), importer, { skipSelf: true });
      }
      return null;
    },
    transform(code, id) {
      if (!id.endsWith('/src/lazy-chunks-classic.ts')) return null;
      const declared = /declare const __FAD_CHUNKS__[^;]*;/;
      if (!declared.test(code)) this.error('src/lazy-chunks-classic.ts no longer declares __FAD_CHUNKS__');
      // Every chunk it asks for must be one built here (LAZY_CHUNKS), or a visitor would get a 404.
      for (const [, name] of code.matchAll(/__FAD_CHUNKS__\['([^']+)'\]/g)) if (!(name! in files)) this.error(`src/lazy-chunks-classic.ts asks for chunk "${name}", which LAZY_CHUNKS does not build`);
      return { code: code.replace(declared, `const __FAD_CHUNKS__ = ${JSON.stringify(files)};`), map: null };
    },
    generateBundle() {
      for (const { fileName, code } of chunks) this.emitFile({ type: 'asset', fileName, source: code });
    },
  };
}

async function buildChunk(config: Parameters<typeof classicChunks>[0], name: string, entry: string) {
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: { [name]: entry },
        // An app build drops an entry's exports; a chunk's exports are what it is for.
        preserveEntrySignatures: 'exports-only',
        output: { format: 'iife', name: EXPORTS, entryFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !('output' in result)) throw new Error(`classic chunk ${name}: no build output`);
  const chunk = result.output.find((file) => file.type === 'chunk' && file.isEntry);
  if (!chunk || chunk.type !== 'chunk') throw new Error(`classic chunk ${name}: no entry chunk`);
  if (result.output.length > 1) throw new Error(`classic chunk ${name}: split into ${result.output.length} files; a classic chunk must be one`);
  // The chunk's exports stay inside its own function, filed under the address it was loaded from.
  const code = `(function(){${chunk.code}\n;(window.${CHUNK_REGISTRY}||(window.${CHUNK_REGISTRY}={}))[document.currentScript.src]=${EXPORTS}})();\n`;
  return { name, fileName: chunk.fileName, code, moduleIds: chunk.moduleIds };
}
