import { createRequire } from 'node:module';
import vm from 'node:vm';

// n8n 2.8.4's task runner, as far as a Code node sees it: a vm context whose prototypes cannot be
// read or changed and where Object.defineProperty does nothing (the prologue is js-task-runner.js's
// createVmExecutableCode, run before a node's code in a fresh vm context), with the natives it hands
// every node and a `require` of the builtins the instance allows. A bundle that leans on anything
// else fails here in a second, not on a real n8n (twice it did: a bundler's export getters, then
// libphonenumber-js's compiled `extends Error`). For src/code-node-sandbox.test.ts and the steps' tests.

export const N8N_PROLOGUE = [
  'globalThis.global = globalThis',
  'Object.getPrototypeOf = () => ({})',
  'Reflect.getPrototypeOf = () => ({})',
  'Object.setPrototypeOf = () => false',
  'Reflect.setPrototypeOf = () => false',
  'delete Error.prepareStackTrace',
  'delete Error.captureStackTrace',
  'Object.defineProperty(Error, "prepareStackTrace", { configurable: false, writable: false, value: undefined })',
  'Object.defineProperty(Error, "captureStackTrace", { configurable: false, writable: false, value: undefined })',
  'Object.defineProperty = () => ({})',
  'Object.defineProperties = () => ({})',
];

/**
 * What the task runner gives every Code node besides the language (js-task-runner.js's
 * getNativeVariables): timers, TextDecoder/TextEncoder, Buffer, btoa. No AbortController, no crypto,
 * no URL, no fetch: a bundle that needs them brings them, or requires a builtin the instance allows.
 */
export const N8N_NATIVES = { Buffer, setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate, btoa, atob, TextDecoder, TextEncoder };

/** NODE_FUNCTION_ALLOW_BUILTIN as test-support's n8n-process.ts sets it; n8n's require throws for any other module. */
export const ALLOWED_BUILTINS: ReadonlySet<string> = new Set(['url', 'dns', 'crypto']);

const nodeRequire = createRequire(import.meta.url);
export const sandboxRequire = (allowed: ReadonlySet<string>) => (name: string) => {
  if (!allowed.has(name)) throw new Error(`Cannot find module '${name}' [not allowed]`);
  return nodeRequire(name);
};

/** A fresh context as the runner makes one, with `globals` beside the natives and `require`. */
export const sandboxContext = (globals: Record<string, unknown> = {}, builtins = ALLOWED_BUILTINS): vm.Context =>
  vm.createContext({ ...N8N_NATIVES, require: sandboxRequire(builtins), ...globals });

/** Runs `code` in `context` after the prologue. */
export const runInSandbox = (context: vm.Context, code: string): unknown => vm.runInContext(`${N8N_PROLOGUE.join('; ')};\n${code}`, context);
