// Writes the importable workflows: workflows/<endpoint>.json, one workflow each, from
// src/workflows.ts with the Code nodes' code bundled from src/code-nodes.ts. The files are committed
// (an n8n user imports them as they are) and a test checks they match this build.
//   node --import tsx scripts/build-workflows.ts [--product franchise-ai] [--out DIR]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { buildWorkflows, DEFAULT_PRODUCT } from '../src/workflows.ts';

export const WORKFLOWS_DIR = fileURLToPath(new URL('../workflows/', import.meta.url));

/**
 * code-nodes.ts and what it imports from shared, as one script defining `franchiseAi`. Built as an
 * ES module and its closing `export { … }` turned into a plain object: n8n's Code node sandbox
 * replaces `Object.defineProperty` with a no-op, so the getters of a bundler's IIFE exports come
 * out empty there.
 */
export async function bundleCodeNodes(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/code-nodes.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
  });
  const code = result.outputFiles[0]!.text.trim();
  const exported = /export\s*\{([^}]*)\};?$/.exec(code);
  if (!exported || code.includes('defineProperty')) throw new Error('build-workflows: the Code nodes\' bundle must end in one export list and define no properties');
  const members = exported[1]!.split(',').map((entry) => {
    const [local, name = local] = entry.trim().split(/\s+as\s+/);
    return `${name}:${local}`;
  });
  const body = `${code.slice(0, exported.index)}return{${members.join(',')}};`;
  // The sandbox has no global URL either: node's own, which NODE_FUNCTION_ALLOW_BUILTIN=url allows.
  return `// Generated from integrations/n8n/src/code-nodes.ts (the stand-in's rules): change it there and rebuild.\nconst franchiseAi=((URL)=>{${body}})(typeof URL==="function"?URL:require("url").URL);`;
}

/** Each workflow's file name and text, exactly as written. */
export async function workflowFiles(product = DEFAULT_PRODUCT): Promise<Record<string, string>> {
  const workflows = buildWorkflows(await bundleCodeNodes(), product);
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
