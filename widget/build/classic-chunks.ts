import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type UserConfig } from 'vite';
import { CHUNK_KEY } from '../src/first-render/chunks/chunk-key.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The lazy parts of the script-tag build, by chunk name (src/first-render/chunks/lazy-chunks-classic.ts loads them by these names). */
export const LAZY_CHUNKS = {
  'later-steps': 'src/steps/later-steps.ts',
  'phone-rules': 'src/phone/phone-rules.ts',
  'vapi-client': 'src/voice/vapi-client.ts',
  'missing-assistant-id': 'src/webhooks/missing-assistant-id.ts',
  french: 'src/copy/french.ts',
  chat: 'src/steps/chat/chat-chunk.ts',
} as const;

const SHARED = '__fadShared';
const SHARED_LIST = `${SRC}first-render/chunks/classic-shared.ts`;
/** What the chat chunk, loaded by the later steps' chunk, takes from it (Preact, the texts context) beside the main chunk's list. */
const CHAT_SHARED_LIST = `${SRC}steps/chat/chat-shared.ts`;

/** src/first-render/chunks/classic-shared.ts's list: each `import * as name from 'specifier'`, the modules chunks take from the main chunk. */
export function sharedModules(source = readFileSync(SHARED_LIST, 'utf8')): Array<{ name: string; specifier: string }> {
  return [...source.matchAll(/^import \* as (\w+) from '([^']+)';$/gm)].map(([, name, specifier]) => ({ name: name!, specifier: specifier! }));
}

/** The names src/first-render/chunks/classic-shared.ts's `sharedModules` object lists, in order; null without one. */
export function sharedModulesObject(source: string): string[] | null {
  const list = /^export const sharedModules = \{([^}]*)\};$/m.exec(source)?.[1];
  return list === undefined
    ? null
    : list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
}

/**
 * The script-tag build loads nothing as an ES module: a cross-origin module needs CORS headers, which
 * many static hosts do not send, and the page would show an empty box. Vite cannot code-split an IIFE
 * build, so each lazy part is built here as a classic script that files its exports on its own <script>
 * under CHUNK_KEY (src/first-render/chunks/classic-chunk.ts reads them), and lazy-chunks.ts becomes lazy-chunks-classic.ts.
 */
export function classicChunks(config: Pick<UserConfig, 'resolve' | 'oxc' | 'root' | 'mode' | 'define'>, plugins: Plugin[] = []): Plugin {
  let files: Record<string, string> = {};
  let chunks: Array<Awaited<ReturnType<typeof buildChunk>>> = [];
  return {
    name: 'franchise-ai-demo-classic-chunks',
    apply: 'build',
    // Before Vite's resolver, which would otherwise find src/first-render/chunks/lazy-chunks.ts itself.
    enforce: 'pre',
    async buildStart() {
      // The chat chunk first: the later steps' chunk passes it only the bindings it imports.
      const chat = await buildChunk(config, 'chat', LAZY_CHUNKS.chat, plugins, CHAT_SHARED_LIST);
      const chatShared: Plugin = {
        name: 'franchise-ai-demo-chat-shared',
        enforce: 'pre',
        transform: (code, id) => (id === CHAT_SHARED_LIST ? { code: sharedModulesSource(code, [chat]), map: null } : null),
      };
      const others = Object.entries(LAZY_CHUNKS).filter(([name]) => name !== 'chat');
      const built = [chat, ...(await Promise.all(others.map(([name, entry]) => buildChunk(config, name, entry, [...plugins, chatShared]))))];
      files = Object.fromEntries(built.map(({ name, fileName }) => [name, fileName.replace(/^chunks\//, '')]));
      chunks = built;
      for (const { moduleIds } of built) for (const id of moduleIds) if (!id.startsWith('\0') && !id.includes('node_modules')) this.addWatchFile(id);
    },
    resolveId(source, importer) {
      if (importer?.startsWith(SRC) && /(^|\/)lazy-chunks\.ts$/.test(source)) {
        return this.resolve(source.replace(/lazy-chunks\.ts$/, 'lazy-chunks-classic.ts'), importer, { skipSelf: true });
      }
      return null;
    },
    transform(code, id) {
      if (id === SHARED_LIST) return { code: sharedModulesSource(code, chunks), map: null };
      if (!id.endsWith('/src/first-render/chunks/lazy-chunks-classic.ts')) return null;
      const declared = /declare const __FAD_CHUNKS__: Record<([^>]*), string>;/;
      const names = declared.exec(code)?.[1];
      if (names === undefined) this.error('src/first-render/chunks/lazy-chunks-classic.ts no longer declares __FAD_CHUNKS__ as a Record of chunk names');
      // Every chunk it can ask for (its type's names) must be one built here (LAZY_CHUNKS), or a visitor would get a 404.
      for (const [, name] of names.matchAll(/'([^']+)'/g))
        if (!(name! in files)) this.error(`src/first-render/chunks/lazy-chunks-classic.ts asks for chunk "${name}", which LAZY_CHUNKS does not build`);
      return { code: code.replace(declared, `const __FAD_CHUNKS__ = ${JSON.stringify(files)};`), map: null };
    },
    generateBundle(_output, bundle) {
      // A module in both a chunk and the main chunk runs twice, with two states (two Preacts break every hook).
      const main = new Set(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])));
      for (const { name, moduleIds } of chunks) {
        const twice = moduleIds.filter((id) => main.has(id) && !id.startsWith('\0'));
        if (twice.length)
          this.error(`chunk ${name} and the main chunk both contain ${twice.join(', ')}: list them in src/first-render/chunks/classic-shared.ts`);
      }
      const later = new Set(chunks.find(({ name }) => name === 'later-steps')?.moduleIds);
      const chatTwice = chunks.find(({ name }) => name === 'chat')?.moduleIds.filter((id) => later.has(id) && !id.startsWith('\0')) ?? [];
      if (chatTwice.length) this.error(`the chat and later-steps chunks both contain ${chatTwice.join(', ')}: list them in src/steps/chat/chat-shared.ts`);
      for (const { fileName, code } of chunks) this.emitFile({ type: 'asset', fileName, source: code });
    },
  };
}

async function buildChunk(config: Parameters<typeof classicChunks>[0], name: string, entry: string, plugins: Plugin[], moreShared?: string) {
  // Imports of the shared modules stay out of the chunk, as `fad-shared:<name>`.
  const shared = new Map<string, string>();
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'warn',
    plugins: [
      ...plugins,
      {
        name: 'franchise-ai-demo-shared-modules',
        enforce: 'pre',
        async buildStart() {
          for (const list of [SHARED_LIST, ...(moreShared ? [moreShared] : [])]) {
            for (const { name, specifier } of sharedModules(readFileSync(list, 'utf8'))) {
              const resolved = await this.resolve(specifier, list);
              if (!resolved) this.error(`${list}: cannot resolve ${specifier}`);
              shared.set(resolved.id, name);
            }
          }
        },
        async resolveId(source, importer) {
          if (!importer) return null;
          const resolved = await this.resolve(source, importer, { skipSelf: true });
          return resolved && shared.has(resolved.id) ? { id: `${SHARED_PREFIX}${shared.get(resolved.id)}`, external: true } : null;
        },
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: { [name]: entry },
        // An app build drops an entry's exports; a chunk's exports are what it is for.
        preserveEntrySignatures: 'exports-only',
        // An ES module first: its imports name exactly the bindings it takes (an IIFE's would be whole namespaces).
        output: { format: 'es', entryFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !('output' in result)) throw new Error(`classic chunk ${name}: no build output`);
  const chunk = result.output.find((file) => file.type === 'chunk' && file.isEntry);
  if (chunk?.type !== 'chunk') throw new Error(`classic chunk ${name}: no entry chunk`);
  if (result.output.length > 1) throw new Error(`classic chunk ${name}: split into ${result.output.length} files; a classic chunk must be one`);
  const { body, imports } = toFactoryBody(name, chunk.code);
  // Filed on the <script> element that loaded it, so nothing of it lands on the page's globals.
  const code = `document.currentScript[Symbol.for(${JSON.stringify(CHUNK_KEY)})]=function(${SHARED}){${body}};\n`;
  return { name, fileName: chunk.fileName, code, moduleIds: chunk.moduleIds, imports };
}

const SHARED_PREFIX = 'fad-shared:';

/** src/first-render/chunks/classic-shared.ts as the main chunk builds it: each module as a function returning only the bindings the chunks import. */
export function sharedModulesSource(source: string, built: Array<{ imports: Map<string, Set<string>> }>): string {
  const modules = sharedModules(source);
  const names = modules.map(({ name }) => name);
  const listed = sharedModulesObject(source);
  if (listed?.join() !== names.join())
    throw new Error(
      `src/first-render/chunks/classic-shared.ts: sharedModules must list its imports in order (${names.join(', ')}), not ${listed ? listed.join(', ') : 'be missing'}`,
    );
  const functions = modules
    .map(({ name, specifier }, index) => {
      const bindings = [...new Set(built.flatMap(({ imports }) => [...(imports.get(name) ?? [])]))];
      const local = (binding: string) => `s${index}_${binding}`;
      const imported = bindings.length
        ? `import { ${bindings.map((binding) => `${binding} as ${local(binding)}`).join(', ')} } from ${JSON.stringify(specifier)};\n`
        : '';
      // A function, called when a chunk runs: while the list is evaluated some bindings are not yet set (import cycles).
      return `${imported}const ${name} = () => ({ ${bindings.map((binding) => `${binding}: ${local(binding)}`).join(', ')} });\n`;
    })
    .join('');
  // A plain object literal: no namespace object, so no bundler helper walking inherited keys.
  return `${functions}export const sharedModules = { ${names.join(', ')} };\n`;
}

/** An ES-module chunk as a function body; anything else an ES module can say stops the build rather than break at run time. */
export function toFactoryBody(name: string, code: string): { body: string; imports: Map<string, Set<string>> } {
  const imports = new Map<string, Set<string>>();
  let body = code.replace(/\bimport\s*\{([^}]*)\}\s*from\s*["']fad-shared:(\w+)["'];?/g, (_statement, list: string, module: string) => {
    const bindings = bindingList(list);
    for (const [imported] of bindings) (imports.get(module) ?? imports.set(module, new Set()).get(module)!).add(imported);
    return `var{${bindings.map(([imported, local]) => `${imported}:${local}`).join(',')}}=${SHARED}.${module}();`;
  });
  body = body.replace(/\bimport\s*["']fad-shared:\w+["'];?/g, '');
  let exported = false;
  body = body.replace(/\bexport\s*\{([^}]*)\};?\s*$/, (_statement, list: string) => {
    exported = true;
    return `return{${bindingList(list)
      .map(([local, as]) => `${JSON.stringify(as)}:${local}`)
      .join(',')}}`;
  });
  if (!exported) throw new Error(`classic chunk ${name}: no export list at its end`);
  // (A dynamic import() would have split the build, which buildChunk refuses.)
  const leftover = /\bimport\s*(?:\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+)\s*from\s*["'`]|\bimport\.meta\b/.exec(body);
  if (leftover) throw new Error(`classic chunk ${name}: cannot turn "${body.slice(leftover.index, leftover.index + 60)}" into a classic script`);
  return { body, imports };
}

/** `a as b, c` → [['a', 'b'], ['c', 'c']]. */
function bindingList(list: string): Array<[string, string]> {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [first, second] = item.split(/\s+as\s+/);
      return [first!, second ?? first!];
    });
}
