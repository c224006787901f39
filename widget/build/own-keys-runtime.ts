import type { Plugin } from 'vite';

/** The bundler's runtime helpers, one module in every build (the namespace and CommonJS interop helpers). */
export const RUNTIME_ID = '\0rolldown/runtime.js';

const FOR_IN = /\bfor\s*\(\s*(?:var|let|const)\s+([\w$]+)\s+in\s+([\w$]+)\s*\)/g;

/**
 * The runtime with each `for (var k in o)` over own keys only: otherwise it walks what a page adds to
 * Object.prototype, and a string there throws "Getter must be a function" when the chunk runs.
 */
export function ownKeysOnly(code: string): string {
  return code.replace(FOR_IN, (_loop, name: string, object: string) => `for (var ${name} of Object.keys(${object}))`);
}

/** The plugin: rewrites the runtime, and stops the build should a loop over inherited keys remain in it. */
export function ownKeysRuntime(): Plugin {
  return {
    name: 'franchise-ai-demo-own-keys-runtime',
    transform(code, id) {
      if (id !== RUNTIME_ID) return null;
      const rewritten = ownKeysOnly(code);
      if (/\bfor\s*\([^;)]*\sin\s/.test(rewritten))
        this.error(`${RUNTIME_ID} still has a for...in loop this plugin cannot rewrite: update build/own-keys-runtime.ts`);
      return { code: rewritten, map: null };
    },
  };
}
