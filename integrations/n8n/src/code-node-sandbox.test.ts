import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WORKFLOWS_DIR } from '../scripts/build-workflows.ts';
import type { Workflow } from './workflows.ts';

// The committed Code nodes run as n8n 2.8.4's task runner runs them: in a vm context whose
// prototypes cannot be read or changed and where Object.defineProperty does nothing (the lines below
// are js-task-runner.js's createVmExecutableCode, run before a node's code in a fresh vm context).
// A bundle that leans on any of it fails here in a second, not on a real n8n (twice it did: a
// bundler's export getters, then libphonenumber-js's compiled `extends Error`).
const N8N_PROLOGUE = [
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

const workflow = (endpoint: string) => (JSON.parse(readFileSync(join(WORKFLOWS_DIR, `${endpoint}.json`), 'utf8')) as Workflow[])[0]!;

/** Runs the Code node `name` of `endpoint` with `$input`, `$(node)`, `$env` and `this.helpers` as given. */
async function runNode(endpoint: string, name: string, { input = [] as unknown[], nodes = {} as Record<string, unknown>, env = {} as Record<string, string>, httpRequest = async (_: unknown): Promise<unknown> => ({}) }) {
  const code = String(workflow(endpoint).nodes.find((node) => node.name === name)!.parameters['jsCode']);
  const items = input.map((json) => ({ json }));
  const context = vm.createContext({
    module: {},
    // NODE_FUNCTION_ALLOW_BUILTIN=url: the bundle takes node's URL, the sandbox has none.
    require: createRequire(import.meta.url),
    $input: { first: () => items[0], all: () => items },
    $: (node: string) => ({ first: () => ({ json: nodes[node] }) }),
    $env: env,
    $runIndex: 0,
    helpers: { httpRequest },
  });
  vm.runInContext([...N8N_PROLOGUE, `module.exports = async function VmCodeWrapper() {${code}\n}()`].join('; '), context);
  const output = (await (context['module'] as { exports: Promise<Array<{ json: Record<string, unknown> }>> }).exports)!;
  return JSON.parse(JSON.stringify(output.map((item) => item.json))) as Array<Record<string, unknown>>;
}

const consent = { given: true, text: 'I agree to receive this AI demo call.' };
const body = { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example', businessType: 'franchisor', phoneNumber: '+33 06 12 34 56 78', consent };
const webhookItem = { headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:1:2::9' }, body };

describe("the Code nodes in n8n's sandbox", () => {
  it('trigger_ai_demo_call: the check, the limits and the call run', async () => {
    const [check] = await runNode('trigger_ai_demo_call', 'Check request', { input: [webhookItem], env: { TRUST_PROXY: '1' } });
    expect(check).toMatchObject({ ok: true, call: { phoneNumber: '+33612345678', client: '2001:db8:1:2::9', consentText: consent.text } });
    const claim = { id: 7, ...(check!['call'] as object) };
    const earlier = [1, 2, 3].map((id) => ({ ...claim, id, client: `2001:db8:1:2::${id}` }));
    const [refused] = await runNode('trigger_ai_demo_call', 'Limits', { input: [...earlier, claim], nodes: { Claim: claim, 'Check request': check }, env: {} });
    expect(refused).toMatchObject({ ok: false, status: 429 });
    const [within] = await runNode('trigger_ai_demo_call', 'Limits', { input: [claim], nodes: { Claim: claim, 'Check request': check }, env: {} });
    expect(within).toEqual({ ok: true });

    const sent: unknown[] = [];
    const httpRequest = async (options: unknown) => (sent.push(options), { statusCode: 201, body: { id: `id_${sent.length}` } });
    const [result] = await runNode('trigger_ai_demo_call', 'Call', { nodes: { 'Check request': check }, env: { VAPI_PRIVATE_KEY: 'sk', VAPI_PHONE_NUMBER_ID: 'pn' }, httpRequest });
    expect(result).toEqual({ status: 200, body: { status: 'placed', callId: 'id_2' }, outcome: 'call-placed', callId: 'id_2', error: '' });
    expect(sent).toHaveLength(2);
  });

  it("demo_form and website_demo_call: the check, the terms and the browser assistant run", async () => {
    const lead = { headers: webhookItem.headers, body: { ...body, phoneNumber: undefined, consent: undefined } };
    const [check] = await runNode('demo_form', 'Check request', { input: [lead], env: { RECORD_CALLS: '1' } });
    expect(await runNode('demo_form', 'OK', { nodes: { 'Check request': check } })).toEqual([{ status: 200, body: { ok: true, calls: { recorded: true, countries: ['US', 'FR'] } } }]);
    const [malformed] = await runNode('website_demo_call', 'Check request', { input: [lead], env: { MAX_CALLS_PER_DAY: 'many' } });
    expect(malformed).toMatchObject({ ok: false, status: 500, body: { error: expect.stringMatching(/MAX_CALLS_PER_DAY/) } });
    const [assistantCheck] = await runNode('website_demo_call', 'Check request', { input: [lead] });
    const [answer] = await runNode('website_demo_call', 'Assistant', { nodes: { 'Check request': assistantCheck }, env: { VAPI_PRIVATE_KEY: 'sk' }, httpRequest: async () => ({ statusCode: 201, body: { id: 'asst_1' } }) });
    expect(answer).toEqual({ status: 200, body: { assistantId: 'asst_1' } });
  });
});
