import { createHash } from 'node:crypto';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { LEAD_COLUMNS } from './code-nodes.ts';

// The three workflows as n8n 2.x imports them, made the way an n8n user would make them: a Webhook
// node answering through Respond to Webhook nodes, Code nodes for the checks, Data Table nodes for
// the leads. The Code nodes run `code` (the bundle of code-nodes.ts, global `franchiseAi`), so the
// rules are the stand-in's; see scripts/build-workflows.ts.

/** The product segment of the webhook paths: `/webhook/{product}/demo_form`. */
export const DEFAULT_PRODUCT = 'franchise-ai';
/** The Data Table every workflow writes, created on first use. */
export const LEADS_TABLE = 'franchise_ai_leads';

interface Node {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  webhookId?: string;
  alwaysOutputData?: boolean;
  /** n8n's "On Error": carry on with the item, or send it down a second (error) output. */
  onError?: 'continueRegularOutput' | 'continueErrorOutput';
}

export interface Workflow {
  id: string;
  name: string;
  active: false;
  settings: { executionOrder: 'v1' };
  nodes: Node[];
  connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }>;
}

/** Stable ids, so a re-import updates the same workflow and the files only change when the workflows do. */
const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex');
const uuid = (...parts: string[]) => hash(...parts).slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
/** n8n's workflow ids: 16 letters and digits. */
export const workflowId = (product: string, endpoint: string) => `fad${hash('workflow', product, endpoint).slice(0, 13)}`;

const TABLE = { __rl: true, mode: 'name', value: LEADS_TABLE };

/** A refusal or an answer: the status and body the previous Code node put on its item. */
const respond = (name: string): Omit<Node, 'id' | 'position'> => ({
  name,
  type: 'n8n-nodes-base.respondToWebhook',
  typeVersion: 1.4,
  parameters: {
    respondWith: 'json',
    responseBody: '={{ $json.body }}',
    options: { responseCode: '={{ $json.status }}', responseHeaders: { entries: [{ name: 'Cache-Control', value: 'no-store' }] } },
  },
});

const code = (name: string, jsCode: string): Omit<Node, 'id' | 'position'> => ({
  name,
  type: 'n8n-nodes-base.code',
  typeVersion: 2,
  parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
});

const isOk = (name: string): Omit<Node, 'id' | 'position'> => ({
  name,
  type: 'n8n-nodes-base.if',
  typeVersion: 2.2,
  parameters: {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
      conditions: [{ id: uuid(name, 'condition'), leftValue: '={{ $json.ok }}', rightValue: true, operator: { type: 'boolean', operation: 'true', singleValue: true } }],
      combinator: 'and',
    },
    options: {},
  },
});

const leadsTable: Omit<Node, 'id' | 'position'> = {
  name: 'Leads table',
  type: 'n8n-nodes-base.dataTable',
  typeVersion: 1.1,
  // The first posts to a fresh n8n all create the table at once; those that lose that race fail
  // with a UNIQUE constraint although the table now exists. n8n would then answer 200 with an empty
  // body and store nothing (seen 6 times in 2,000 posts from 50 clients): carry on to the insert.
  onError: 'continueRegularOutput',
  parameters: {
    resource: 'table',
    operation: 'create',
    tableName: LEADS_TABLE,
    columns: { column: LEAD_COLUMNS.map((name) => ({ name, type: 'string' })) },
    options: { createIfNotExists: true },
  },
};

const storeLead: Omit<Node, 'id' | 'position'> = {
  name: 'Store lead',
  type: 'n8n-nodes-base.dataTable',
  typeVersion: 1.1,
  // A failed insert must not end in n8n's empty 200, which the widget takes for success: it goes
  // down the error output to a 503 (NOT_STORED), and nothing after it runs (no assistant, no call).
  onError: 'continueErrorOutput',
  parameters: { resource: 'row', operation: 'insert', dataTableId: TABLE, columns: { mappingMode: 'autoMapInputData', value: {} }, options: {} },
};

const recentCalls: Omit<Node, 'id' | 'position'> = {
  name: 'Recent calls',
  type: 'n8n-nodes-base.dataTable',
  typeVersion: 1.1,
  alwaysOutputData: true,
  parameters: {
    resource: 'row',
    operation: 'get',
    dataTableId: TABLE,
    matchType: 'allConditions',
    filters: {
      conditions: [
        { keyName: 'endpoint', condition: 'eq', keyValue: "={{ $('Check request').first().json.row.endpoint }}" },
        { keyName: 'receivedAt', condition: 'gte', keyValue: "={{ $('Check request').first().json.since }}" },
      ],
    },
    returnAll: true,
  },
};

/** The answer when the lead could not be stored: nothing was done, the visitor may try again. */
export const NOT_STORED = { status: 503, body: { error: 'The lead could not be stored; nothing was done. Please try again in a minute.', retryAfterSeconds: 30 } } as const;
const notStored = code('Not stored', `return [{ json: ${JSON.stringify(NOT_STORED)} }];`);
const unavailable = respond('Unavailable');
/** The error output of "Store lead", answered. */
const STORE_FAILED: Array<[string, string, number?]> = [['Store lead', 'Not stored', 1], ['Not stored', 'Unavailable']];

/** The row the checks made, for the insert. */
const row = (from: string) => code('Row', `return [{ json: $('${from}').first().json.row }];`);

function workflow(product: string, endpoint: string, steps: Array<Omit<Node, 'id' | 'position'>>, edges: Array<[string, string, number?]>): Workflow {
  const nodes = steps.map((step, index) => ({ id: uuid(product, endpoint, step.name), position: [index * 220, ['Refuse', 'Too many', 'Not stored', 'Unavailable'].includes(step.name) ? 200 : 0] as [number, number], ...step }));
  const connections: Workflow['connections'] = {};
  for (const [from, to, output = 0] of edges) {
    const outputs = (connections[from] ??= { main: [] }).main;
    while (outputs.length <= output) outputs.push([]);
    outputs[output]!.push({ node: to, type: 'main', index: 0 });
  }
  return { id: workflowId(product, endpoint), name: `${product} ${endpoint}`, active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}

/** The three workflows for `product`, each Code node running `bundle` (global `franchiseAi`). */
export function buildWorkflows(bundle: string, product = DEFAULT_PRODUCT): Record<string, Workflow> {
  const built: Record<string, Workflow> = {};
  for (const path of Object.values(WEBHOOK_PATHS)) {
    const endpoint = path.slice(1);
    const withBundle = (body: string) => `${bundle}\n${body}`;
    const webhook: Omit<Node, 'id' | 'position'> = {
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2.1,
      webhookId: uuid(product, endpoint, 'webhook'),
      parameters: { httpMethod: 'POST', path: `${product}${path}`, responseMode: 'responseNode', options: {} },
    };
    const check = code('Check request', withBundle(`return [{ json: franchiseAi.checkStep(${JSON.stringify(endpoint)}, ${JSON.stringify(product)}, $input.first().json, $env, Date.now()) }];`));
    const provider = (name: string, step: string) =>
      code(name, withBundle(`const post = franchiseAi.providerPost($env, (options) => this.helpers.httpRequest(options));\nreturn [{ json: await franchiseAi.${step}($('Check request').first().json.row, $env, post) }];`));
    const accepted = isOk('Accepted?');
    const refuse = respond('Refuse');
    const answer = respond('Answer');
    if (endpoint === 'demo_form') {
      const ok = code('OK', 'return [{ json: { status: 200, body: { ok: true } } }];');
      built[endpoint] = workflow(product, endpoint, [webhook, check, accepted, refuse, leadsTable, row('Check request'), storeLead, ok, answer, notStored, unavailable], [
        ['Webhook', 'Check request'], ['Check request', 'Accepted?'], ['Accepted?', 'Leads table', 0], ['Accepted?', 'Refuse', 1],
        ['Leads table', 'Row'], ['Row', 'Store lead'], ['Store lead', 'OK'], ['OK', 'Answer'], ...STORE_FAILED,
      ]);
    } else if (endpoint === 'website_demo_call') {
      built[endpoint] = workflow(product, endpoint, [webhook, check, accepted, refuse, leadsTable, row('Check request'), storeLead, provider('Assistant', 'assistantStep'), answer, notStored, unavailable], [
        ['Webhook', 'Check request'], ['Check request', 'Accepted?'], ['Accepted?', 'Leads table', 0], ['Accepted?', 'Refuse', 1],
        ['Leads table', 'Row'], ['Row', 'Store lead'], ['Store lead', 'Assistant'], ['Assistant', 'Answer'], ...STORE_FAILED,
      ]);
    } else {
      const limits = code('Limits', withBundle(`return [{ json: franchiseAi.limitStep($('Check request').first().json, $input.all().map((item) => item.json), $env, Date.now()) }];`));
      const within = isOk('Within limits?');
      const tooMany = respond('Too many');
      built[endpoint] = workflow(product, endpoint, [webhook, check, accepted, refuse, leadsTable, recentCalls, limits, within, tooMany, row('Limits'), storeLead, provider('Call', 'callStep'), answer, notStored, unavailable], [
        ['Webhook', 'Check request'], ['Check request', 'Accepted?'], ['Accepted?', 'Leads table', 0], ['Accepted?', 'Refuse', 1],
        ['Leads table', 'Recent calls'], ['Recent calls', 'Limits'], ['Limits', 'Within limits?'], ['Within limits?', 'Row', 0], ['Within limits?', 'Too many', 1],
        ['Row', 'Store lead'], ['Store lead', 'Call'], ['Call', 'Answer'], ...STORE_FAILED,
      ]);
    }
  }
  return built;
}
