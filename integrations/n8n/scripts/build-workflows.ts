// Writes the importable workflows: workflows/<endpoint>.json, one workflow each, from
// src/workflows.ts with each Code node's code bundled from src/code-nodes.ts. The files are committed
// (an n8n user imports them as they are) and a test checks they match this build.
//   node --import tsx scripts/build-workflows.ts [--product franchise-ai] [--out DIR]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { buildWorkflows, DEFAULT_PRODUCT, type StepName } from '../src/workflows.ts';

export const WORKFLOWS_DIR = fileURLToPath(new URL('../workflows/', import.meta.url));
const CODE_NODES = fileURLToPath(new URL('../src/code-nodes.ts', import.meta.url));

/**
 * ipaddr.js (shared's clientKey, address-policy) and robots-parser (robots-rules) are CommonJS, and a
 * bundler imports CommonJS through a helper that defines `default` with `Object.defineProperty`, a
 * no-op in the Code node's sandbox. So each file is loaded as an ES module: `module.exports`
 * collected, then exported; robots-parser's index.js (a `require` and a factory) is rewritten whole.
 */
const commonJsAsEsm: Plugin = {
  name: 'commonjs-as-esm',
  setup(build) {
    build.onLoad({ filter: /[\\/](ipaddr\.js[\\/]lib[\\/]ipaddr|robots-parser[\\/]Robots)\.js$/ }, ({ path }) => ({
      contents: `const module = { exports: {} };\n${readFileSync(path, 'utf8')}\nexport default module.exports;`,
      loader: 'js',
    }));
    // standardwebhooks (shared lead-event.ts) and its two dependencies: require() as imports, and
    // the exports object as the default export (plus the Webhook class, imported by name).
    build.onLoad(
      { filter: /[\\/](standardwebhooks[\\/]dist[\\/](index|timing_safe_equal)|@stablelib[\\/]base64[\\/]lib[\\/]base64|fast-sha256[\\/]sha256)\.js$/ },
      ({ path }) => {
        const imports: string[] = [];
        const source = readFileSync(path, 'utf8')
          .replace(/require\("([^"]+)"\)/g, (_, name: string) => {
            imports.push(`import __r${imports.length} from ${JSON.stringify(name)};`);
            return `__r${imports.length - 1}`;
          })
          .replace('Object.defineProperty(exports, "__esModule", { value: true });', '');
        const named = /standardwebhooks[\\/]dist[\\/]index\.js$/.test(path) ? '\nexport { Webhook };' : '';
        return {
          contents: `${imports.join('\n')}\nconst module = { exports: {} }; const exports = module.exports;\n${source}\nexport default module.exports;${named}`,
          loader: 'js',
        };
      },
    );
    build.onLoad({ filter: /[\\/]robots-parser[\\/]index\.js$/ }, () => ({
      contents: `import Robots from './Robots.js';\nexport default (url, contents) => new Robots(url, contents);`,
      loader: 'js',
    }));
  },
};

/**
 * libphonenumber-js's default build (es6/) is compiled for old browsers: its `class ParseError
 * extends Error` becomes helpers that call `Object.setPrototypeOf`, which the sandbox replaces with
 * a function returning false, so the bundle threw "Super expression must either be null or a
 * function" on its first line. The package's es6-modern/ build is the same code with native classes.
 */
const modernPhoneNumbers: Plugin = {
  name: 'libphonenumber-es6-modern',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async ({ path, importer, kind, resolveDir, pluginData }) => {
      if (pluginData === 'modern' || !/[\\/]libphonenumber-js[\\/]/.test(importer)) return undefined;
      const resolved = await build.resolve(path, { kind, importer, resolveDir, pluginData: 'modern' });
      return { ...resolved, path: resolved.path.replace(/([\\/]libphonenumber-js[\\/])es6([\\/])/, '$1es6-modern$2') };
    });
  },
};

/**
 * ical.js (the calendar tools' iCalendar: shared calendar-events.ts, meeting-event.ts) builds its
 * tables of value and property types at load with a helper that copies with Object.defineProperty,
 * a no-op in the sandbox: the tables then lacked the shared types (utc-offset among them), so a
 * VTIMEZONE read as nothing and an Outlook-zoned event took no time at all. Its data properties are
 * copied by assignment instead, the same result where defineProperty works.
 */
const icalWithoutDefineProperty: Plugin = {
  name: 'ical-without-define-property',
  setup(build) {
    build.onLoad({ filter: /[\\/]ical\.js[\\/]dist[\\/]ical\.js$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      const copied = source.replace('Object.defineProperty(target, key, descr);', 'target[key] = source[key];');
      if (copied === source) throw new Error(`build-workflows: ical.js's extend() changed (${path}); see icalWithoutDefineProperty`);
      return { contents: copied, loader: 'js' };
    });
  },
};

/** An AbortController with what the site reader uses of it: `signal.aborted`, 'abort' listeners (once), `abort()`. */
const ABORT_CONTROLLER = `typeof AbortController==="function"?AbortController:class{constructor(){const l=new Set();this.signal={aborted:false,addEventListener:(t,f)=>{if(t==="abort")l.add(f)},removeEventListener:(t,f)=>{l.delete(f)}};this.abort=()=>{if(this.signal.aborted)return;this.signal.aborted=true;const a=[...l];l.clear();for(const f of a)f()}}}`;

/**
 * Each step set of `sets` (the steps of code-nodes.ts one Code node calls, and what they import from
 * shared) as one script defining `franchiseAi` with those steps only: each Code node carries what it
 * runs, so the nodes that never read a phone number carry none of its metadata (about 200 KB). One
 * esbuild run with an entry per set, so the shared graph is parsed once rather than once a set (15
 * builds took 10 s, most of it parsing the same files again). Built as ES modules and each closing
 * `export { … }` turned into a plain object: n8n's Code node sandbox replaces
 * `Object.defineProperty` with a no-op, so the getters of a bundler's IIFE exports come out empty there.
 */
export async function bundleStepSets(sets: readonly (readonly StepName[])[]): Promise<string[]> {
  const result = await build({
    entryPoints: sets.map((names, index) => ({ in: `steps:${names.join(',')}`, out: `set-${index}` })),
    outdir: 'out',
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    plugins: [stepEntries, commonJsAsEsm, modernPhoneNumbers, icalWithoutDefineProperty],
  });
  const byName = new Map(result.outputFiles.map((file) => [basename(file.path), file.text]));
  return sets.map((_, index) => asCodeNodeScript(byName.get(`set-${index}.js`)!));
}

/** An entry `steps:a,b` is the module re-exporting steps a and b of code-nodes.ts. */
const stepEntries: Plugin = {
  name: 'step-entries',
  setup(build) {
    build.onResolve({ filter: /^steps:/ }, ({ path }) => ({ path: path.slice('steps:'.length), namespace: 'steps' }));
    build.onLoad({ filter: /.*/, namespace: 'steps' }, ({ path }) => ({
      contents: `export { ${path.split(',').join(', ')} } from ${JSON.stringify(CODE_NODES)};`,
      resolveDir: dirname(CODE_NODES),
      loader: 'ts',
    }));
  },
};

function asCodeNodeScript(bundle: string): string {
  const code = bundle.trim();
  const exported = /export\s*\{([^}]*)\};?$/.exec(code);
  // A bundler's helpers alias it (`var e=Object.defineProperty`) for getters and interop; ipaddr.js's
  // own parseCIDR calls it directly, which clientKey never reaches.
  if (!exported || /=\s*Object\.defineProperty\b/.test(code))
    throw new Error("build-workflows: the Code nodes' bundle must end in one export list and use no bundler helper that defines properties");
  const members = exported[1]!.split(',').map((entry) => {
    const [local, name = local] = entry.trim().split(/\s+as\s+/);
    return `${name}:${local}`;
  });
  const body = `${code.slice(0, exported.index)}return{${members.join(',')}};`;
  // The sandbox has no global URL either: node's own, which NODE_FUNCTION_ALLOW_BUILTIN allows (url).
  // Nor AbortController (n8n hands the sandbox setTimeout, TextDecoder, TextEncoder, not it): the
  // site reader's deadline gets the little it uses, an abort() and its signal's 'abort' listeners.
  const abort = /\bAbortController\b/.test(body) ? [['AbortController', ABORT_CONTROLLER]] : [];
  const globals = [['URL', 'typeof URL==="function"?URL:require("url").URL'], ...abort];
  return `// Generated from integrations/n8n/src/code-nodes.ts (the stand-in's rules): change it there and rebuild.\nconst franchiseAi=((${globals.map(([name]) => name).join(',')})=>{${body}})(${globals.map(([, value]) => value).join(',')});`;
}

/** Each workflow's file name and text, exactly as written. */
export async function workflowFiles(product = DEFAULT_PRODUCT): Promise<Record<string, string>> {
  // Once to learn which step sets the Code nodes call, then with their bundles.
  const sets = new Map<string, readonly StepName[]>();
  buildWorkflows((names) => (sets.set(names.join(), names), ''), product);
  const scripts = await bundleStepSets([...sets.values()]);
  const bundles = new Map([...sets.keys()].map((key, index) => [key, scripts[index]!]));
  const workflows = buildWorkflows((names) => bundles.get(names.join())!, product);
  return Object.fromEntries(Object.entries(workflows).map(([endpoint, workflow]) => [`${endpoint}.json`, `${JSON.stringify([workflow], null, 2)}\n`]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { product: { type: 'string', default: DEFAULT_PRODUCT }, out: { type: 'string', default: WORKFLOWS_DIR } } });
  mkdirSync(values.out, { recursive: true });
  for (const [file, text] of Object.entries(await workflowFiles(values.product))) {
    writeFileSync(join(values.out, file), text);
    console.log(`wrote ${join(values.out, file)}`);
  }
}
