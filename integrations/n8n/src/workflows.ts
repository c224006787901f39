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

/** The row the checks made, for the insert. */
const row = (from: string) => code('Row', `return [{ json: $('${from}').first().json.row }];`);

function workflow(product: string, endpoint: string, steps: Array<Omit<Node, 'id' | 'position'>>, edges: Array<[string, string, number?]>): Workflow {
  const nodes = steps.map((step, index) => ({ id: uuid(product, endpoint, step.name), position: [index * 220, step.name === 'Refuse' ? 200 : 0] as [number, number], ...step }));
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
      built[endpoint] = workflow(product, endpoint, [webhook, check, accepted, refuse, leadsTable, row('Check request'), storeLead, ok, answer], [
        ['Webhook', 'Check request'], ['Check request', 'Accepted?'], ['Accepted?', 'Leads table', 0], ['Accepted?', 'Refuse', 1],
        ['Leads table', 'Row'], ['Row', 'Store lead'], ['Store lead', 'OK'], ['OK', 'Answer'],
      ]);
    } else if (endpoint === 'website_demo_call') {
      built[endpoint] = workflow(product, endpoint, [webhook, check, accepted, refuse, leadsTable, row('Check request'), storeLead, provider('Assistant', 'assistantStep'), answer], [
        ['Webhook', 'Check request'], ['Check request', 'Accepted?'], ['Accepted?', 'Leads table', 0], ['Accepted?', 'Refuse', 1],
        ['Leads table', 'Row'], ['Row', 'Store lead'], ['Store lead', 'Assistant'], ['Assistant', 'Answer'],
      ]);
    } else {
      const limits = code('Limits', withBundle(`return [{ json: franchiseAi.limitStep($('Check request').first().json, $input.all().map((item) => item.json), $env, Date.now()) }];`));
      const within = isOk('Within limits?');
      const tooMany = respond('Too many');
      built[endpoint] = workflow(product, endpoint, [webhook, check, accepted, refuse, leadsTable, recentCalls, limits, within, tooMany, row('Limits'), storeLead, provider('Call', 'callStep'), answer], [
        ['Webhook', 'Check request'], ['Check request', 'Accepted?'], ['Accepted?', 'Leads table', 0], ['Accepted?', 'Refuse', 1],
        ['Leads table', 'Recent calls'], ['Recent calls', 'Limits'], ['Limits', 'Within limits?'], ['Within limits?', 'Row', 0], ['Within limits?', 'Too many', 1],
        ['Row', 'Store lead'], ['Store lead', 'Call'], ['Call', 'Answer'],
      ]);
    }
  }
  return built;
}
