import { compileScript, parse } from '@vue/compiler-sfc';
import { expect, test } from 'vitest';
import type { Plugin } from 'vite';
import { ATTRIBUTES, EVENTS, unknown } from './support/contract.ts';
import { fence } from './support/fences.ts';
import { useSnippetFolder } from './support/snippet-files.ts';
import { camelize, toHandlerKey } from 'vue';

// The Vue guide's SFC, compiled the way @vitejs/plugin-vue compiles it, with the compiler options
// of the guide's own vite.config.ts (loaded as Vite would load it). The in-browser variant runs
// in Chromium (html-embeds.test.ts).
const GUIDE = 'vue.md';
const write = useSnippetFolder();

type CompilerOptions = { isCustomElement?: (tag: string) => boolean };

/** The template compiler options the guide's vite.config.ts gives plugin-vue. */
async function configuredCompilerOptions(): Promise<CompilerOptions> {
  const path = write('vite.config.ts', fence(GUIDE, 'vite.config.ts').code);
  const config = (await import(/* @vite-ignore */ path)).default as { plugins: Plugin[] };
  const vue = config.plugins.flat().find((plugin) => plugin?.name === 'vite:vue') as
    | (Plugin & { api: { options: { template?: { compilerOptions?: CompilerOptions } } } })
    | undefined;
  if (!vue) throw new Error("the guide's vite.config.ts has no @vitejs/plugin-vue");
  return vue.api.options.template?.compilerOptions ?? {};
}

/** As plugin-vue does: the template is parsed with the options, then compiled inline into the script. */
function compileSfc(source: string, compilerOptions: CompilerOptions): string {
  const { descriptor, errors } = parse(source, { filename: 'FranchiseAiDemoSection.vue', templateParseOptions: compilerOptions });
  expect(errors).toEqual([]);
  const warnings: string[] = [];
  const { content } = compileScript(descriptor, {
    id: 'guide',
    inlineTemplate: true,
    templateOptions: {
      compilerOptions: { ...compilerOptions, onError: (error) => warnings.push(error.message), onWarn: (warning) => warnings.push(warning.message) },
    },
  });
  expect(warnings).toEqual([]);
  return content;
}

/** The props object of the compiled `_createElementVNode("franchise-ai-demo", {...})`. */
function elementProps(code: string): string {
  const match = /_createElementVNode\("franchise-ai-demo", \{([\s\S]*?)\n\s*\}, /.exec(code);
  if (!match) throw new Error(`the compiled render function creates no <franchise-ai-demo> element:\n${code}`);
  return match[1]!;
}

test('the SFC compiles with the vite.config.ts options into a <franchise-ai-demo> element with real attributes and listeners', async () => {
  const code = compileSfc(fence(GUIDE, 'FranchiseAiDemoSection.vue').code, await configuredCompilerOptions());
  expect(code).not.toContain('resolveComponent("franchise-ai-demo")');
  const props = elementProps(code);
  const attributes = [...props.matchAll(/^\s*"([a-z-]+)":/gm)].map((match) => match[1]!);
  // The key Vue's compiler gives `@name` (onFooBar), which its runtime listens to as `name` again.
  const eventOfKey = new Map<string, string>([...EVENTS].map((name) => [toHandlerKey(camelize(name)), name]));
  const events = [...props.matchAll(/^\s*(on[A-Z]\w*):/gm)].map((match) => eventOfKey.get(match[1]!) ?? match[1]!);
  expect(attributes).toContain('webhook-base');
  expect(unknown(attributes, ATTRIBUTES)).toEqual([]);
  expect(events).toContain('franchise-ai-demo-ready');
  expect(unknown(events, EVENTS)).toEqual([]);
});

test('without isCustomElement the same SFC resolves a component instead (what the config prevents)', () => {
  const code = compileSfc(fence(GUIDE, 'FranchiseAiDemoSection.vue').code, {});
  expect(code).toContain('resolveComponent("franchise-ai-demo")');
});
