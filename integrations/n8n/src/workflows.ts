import { createHash } from 'node:crypto';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { LeadEndpoint } from '@franchise-ai/shared/request-body';
import type * as CodeNodes from './code-nodes.ts';
import { SWEEP_INTERVAL_MINUTES } from '@franchise-ai/shared/assistant-cleanup';
import { RECOUNT_SECONDS } from './call-claims.ts';
import { CALL_COLUMNS, LEAD_COLUMNS } from './request-check.ts';
import { EVENT_COLUMNS } from './call-events-step.ts';
import { BOOKING_COLUMNS, TERRITORY_CHECK_COLUMNS } from './tool-calls-step.ts';
import { CALL_LINK_COLUMNS } from './demo-status-step.ts';
import { INVITATION_PROPERTY, MAIL_STATUS, OUTBOX_COLUMNS, OUTBOX_SECONDS } from './outbox-step.ts';
import { LEAD_OUTBOX_COLUMNS, LEAD_STATUS } from './lead-outbox-step.ts';
import { SMTP_CREDENTIAL } from './smtp-credentials.ts';
import { KEY_COLUMNS, keptTest } from './idempotency-step.ts';
import { HIT_COLUMNS, type HitEndpoint } from './client-limits-step.ts';
import { CHAT_COLUMNS, CHAT_NOT_STORED, TURN_STATUS } from './chat-step.ts';
import { chatRefusal } from '@franchise-ai/shared/chat';
import { HOUSEKEEPING_MINUTES } from './housekeeping-step.ts';
import { REPLAYED_HEADER } from '@franchise-ai/shared/idempotency';

// The workflows as n8n 2.x imports them, made the way an n8n user would make them: a Webhook
// node answering through Respond to Webhook nodes, Code nodes for the checks, Data Table nodes for
// the leads and the calls. A Code node that calls `franchiseAi.<step>` runs a bundle of the steps it
// names (code-nodes.ts), so the rules are the stand-in's; see scripts/build-workflows.ts.

/** The product segment of the webhook paths: `/webhook/{product}/demo_form`. */
export const DEFAULT_PRODUCT = 'franchise-ai';
/** The Data Table every workflow writes its leads to, created on first use. */
export const LEADS_TABLE = 'franchise_ai_leads';
/** The Data Table of the brand profiles read from the visitors' websites, one row per demo. */
export const PROFILES_TABLE = 'franchise_ai_profiles';
/**
 * Its columns: the demo's id, when, the website typed, 'reading' | 'ready' | 'unavailable', the profile
 * as JSON; then the lead's language, which demo_status's greeting is in.
 */
export const PROFILE_COLUMNS = ['demoId', 'receivedAt', 'website', 'status', 'profile', 'language'] as const;
/** The Data Table of call requests (consent, outcome), created by the first call request, which the call limits count. */
export const CALLS_TABLE = 'franchise_ai_calls';
/** What the voice provider reported of each call (call_events): one row per event. */
export const EVENTS_TABLE = 'franchise_ai_call_events';
/** Which demo each provider call belongs to: the phone calls placed, the browser calls the widget reported. */
export const CALL_LINKS_TABLE = 'franchise_ai_call_links';
/** The meetings the agent booked during a call (tool-calls-step.ts), one per lead. */
export const BOOKINGS_TABLE = 'franchise_ai_bookings';
/** check_territory's answers during a call (tool-calls-step.ts), for its lead.qualified event. */
export const TERRITORY_CHECKS_TABLE = 'franchise_ai_territory_checks';
/** The follow-up mails, until they are sent (outbox-step.ts). */
export const OUTBOX_TABLE = 'franchise_ai_outbox';
/** The lead.qualified events, until they are delivered (lead-outbox-step.ts). */
export const LEAD_OUTBOX_TABLE = 'franchise_ai_lead_events';
/** The workflow that delivers them to LEAD_WEBHOOK_URL: a schedule. */
export const LEAD_OUTBOX_WORKFLOW = 'lead_outbox';
/** The documented HubSpot branch: a webhook taking the signed events, inactive until the operator sets its credential. */
export const HUBSPOT_WORKFLOW = 'lead_hubspot';
/** The workflow that sends the outbox's mails: no webhook, a schedule. */
export const OUTBOX_WORKFLOW = 'mail_outbox';
/** The workflow that deletes the per-visitor assistants left on the provider's account: a schedule too. */
export const SWEEP_WORKFLOW = 'assistant_sweep';
/** The Idempotency-Keys of the lead webhooks, with their kept answers (idempotency-step.ts). */
export const KEYS_TABLE = 'franchise_ai_keys';
/** The hits the per-client limits of demo_form and website_demo_call count (client-limits-step.ts). */
export const HITS_TABLE = 'franchise_ai_hits';
/** The chats by text (chat-step.ts): one row per message and per end claimed. */
export const CHATS_TABLE = 'franchise_ai_chats';
/** The workflow that ends the chats left idle CHAT_IDLE_MINUTES: a schedule. */
export const CHAT_IDLE_WORKFLOW = 'chat_idle';
/** The workflow that deletes the keys and hits that no longer count and settles interrupted reads (housekeeping-step.ts). */
export const HOUSEKEEPING_WORKFLOW = 'housekeeping';

/** What a Code node may call on `franchiseAi`. */
export type StepName = keyof typeof CodeNodes;
/** The code of the steps `names`, defining `franchiseAi` (the build's bundler; tests pass a stub). */
export type Bundler = (names: readonly StepName[]) => string;

interface Node {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  webhookId?: string;
  /** Output an empty item when the node found nothing, so the workflow still reaches an answer. */
  alwaysOutputData?: boolean;
  /** n8n's "On Error": carry on with the item, or send it down a second (error) output. */
  onError?: 'continueRegularOutput' | 'continueErrorOutput';
  /** Runs once, with the first item, however many the node before it output (a lookup after a lookup). */
  executeOnce?: boolean;
  credentials?: Record<string, { id: string; name: string }>;
}

type NodeSpec = Omit<Node, 'id' | 'position'>;

/**
 * What n8n keeps of each execution of these workflows, whatever the instance's defaults: nothing of
 * one that ended normally (an answered request, refusals included, which n8n deletes as it ends),
 * nothing between nodes, nothing of an editor test run (seen live in the editor); only failures,
 * for the operator, pruned as execution-data.env says. The leads are in the Data Tables: an
 * execution would be a second copy of each, with its headers.
 */
export const EXECUTION_SETTINGS = {
  executionOrder: 'v1',
  saveDataSuccessExecution: 'none',
  saveDataErrorExecution: 'all',
  saveExecutionProgress: false,
  saveManualExecutions: false,
} as const;

export interface Workflow {
  id: string;
  name: string;
  active: false;
  settings: typeof EXECUTION_SETTINGS;
  nodes: Node[];
  connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }>;
}

/** Stable ids, so a re-import updates the same workflow and the files only change when the workflows do. */
const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex');
const uuid = (...parts: string[]) =>
  hash(...parts)
    .slice(0, 32)
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
/** n8n's workflow ids: 16 letters and digits. */
export const workflowId = (product: string, endpoint: string) => `fad${hash('workflow', product, endpoint).slice(0, 13)}`;

const CHECKED = "$('Check request').first().json";
const CLAIM_ID = "={{ $('Claim').first().json.id }}";

/** The id of a webhook's request, in its answer's body and X-Request-Id: n8n's execution id, which names a failed execution the operator finds in n8n. */
const REQUEST_ID = 'String($execution.id)';

/**
 * Answers with the `status` and `body` of an item: the previous node's (`$json`) unless `from` names
 * another. `retry`: with the Retry-After header, from the body's `retryAfterSeconds`. `identified`:
 * the body carries `requestId` (a replayed body keeps the first request's) and the answer
 * X-Request-Id, as the stand-in's do. `replayed`: marked as a kept answer sent again.
 */
const respond = (name: string, { from = '$json', retry = false, identified = false, replayed = false } = {}): NodeSpec => ({
  name,
  type: 'n8n-nodes-base.respondToWebhook',
  typeVersion: 1.4,
  parameters: {
    respondWith: 'json',
    responseBody: identified ? `={{ Object.assign({ requestId: ${REQUEST_ID} }, ${from}.body) }}` : `={{ ${from}.body }}`,
    options: {
      responseCode: `={{ ${from}.status }}`,
      responseHeaders: {
        entries: [
          { name: 'Cache-Control', value: 'no-store' },
          ...(retry ? [{ name: 'Retry-After', value: `={{ String(${from}.body.retryAfterSeconds) }}` }] : []),
          ...(identified
            ? [
                { name: 'X-Request-Id', value: `={{ String(${from}.body.requestId ?? ${REQUEST_ID}) }}` },
                { name: 'Access-Control-Expose-Headers', value: `Retry-After, X-Request-Id, ${REPLAYED_HEADER}` },
              ]
            : []),
          ...(replayed ? [{ name: REPLAYED_HEADER, value: 'true' }] : []),
        ],
      },
    },
  },
});

const code = (name: string, jsCode: string): NodeSpec => ({
  name,
  type: 'n8n-nodes-base.code',
  typeVersion: 2,
  parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
});

/** Its item down the first output when the expression `test` is true, else down the second. */
const when = (name: string, test: string): NodeSpec => ({
  name,
  type: 'n8n-nodes-base.if',
  typeVersion: 2.2,
  parameters: {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
      conditions: [
        { id: uuid(name, 'condition'), leftValue: `={{ ${test} }}`, rightValue: true, operator: { type: 'boolean', operation: 'true', singleValue: true } },
      ],
      combinator: 'and',
    },
    options: {},
  },
});
/** Its item down the first output when `$json[field]` is true, else down the second. */
const isTrue = (name: string, field = 'ok'): NodeSpec => when(name, `$json.${field} === true`);

const dataTable = (name: string, parameters: Record<string, unknown>, options: Pick<Node, 'onError' | 'alwaysOutputData' | 'executeOnce'>): NodeSpec => ({
  name,
  type: 'n8n-nodes-base.dataTable',
  typeVersion: 1.1,
  ...options,
  parameters,
});
const byName = (table: string) => ({ __rl: true, mode: 'name', value: table });
/** Rows matching every condition: [column, condition, value]. */
const where = (...conditions: Array<[string, string, string]>) => ({
  matchType: 'allConditions',
  filters: { conditions: conditions.map(([keyName, condition, keyValue]) => ({ keyName, condition, keyValue })) },
});

/**
 * The rows of `table` matching `conditions`, read once whatever came before; no table yet, a failed
 * read or no match: an item without a row, so the workflow goes on to its answer.
 */
const lookup = (name: string, table: string, ...conditions: Array<[string, string, string]>) =>
  dataTable(
    name,
    { resource: 'row', operation: 'get', dataTableId: byName(table), ...where(...conditions), returnAll: true },
    { onError: 'continueRegularOutput', alwaysOutputData: true, executeOnce: true },
  );

/** Updates the rows of `table` matching `conditions` with `values` (expressions), outputting the updated rows. */
const update = (
  name: string,
  table: string,
  conditions: Array<[string, string, string]>,
  values: Record<string, string>,
  options: Pick<Node, 'onError' | 'alwaysOutputData'>,
) =>
  dataTable(
    name,
    {
      resource: 'row',
      operation: 'update',
      dataTableId: byName(table),
      ...where(...conditions),
      columns: { mappingMode: 'defineBelow', value: values, matchingColumns: [], schema: [] },
      options: {},
    },
    options,
  );

/**
 * Creates the table when it is missing. The first posts to a fresh n8n all create it at once; those
 * that lose that race fail with a UNIQUE constraint although the table now exists. n8n would then
 * answer 200 with an empty body and store nothing (seen 6 times in 2,000 posts from 50 clients):
 * carry on to the insert.
 */
const createTable = (name: string, table: string, columns: readonly string[]) =>
  dataTable(
    name,
    {
      resource: 'table',
      operation: 'create',
      tableName: table,
      columns: { column: columns.map((column) => ({ name: column, type: 'string' })) },
      options: { createIfNotExists: true },
    },
    { onError: 'continueRegularOutput', executeOnce: true },
  );

/**
 * Inserts the input item as a row and outputs it with its `id`. A failed insert must not end in
 * n8n's empty 200, which the widget takes for success: it goes down the error output to a 503, and
 * nothing after it runs (no assistant, no call).
 */
const insert = (name: string, table: string) =>
  dataTable(
    name,
    { resource: 'row', operation: 'insert', dataTableId: byName(table), columns: { mappingMode: 'autoMapInputData', value: {} }, options: {} },
    { onError: 'continueErrorOutput' },
  );

/** Deletes the claim: a refused or unstored call request stops counting. Should it fail, the claim keeps counting, which refuses more, never less. */
const dropClaim = (name: string) =>
  dataTable(
    name,
    { resource: 'row', operation: 'deleteRows', dataTableId: byName(CALLS_TABLE), ...where(['id', 'eq', CLAIM_ID]), options: {} },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );

/** Every call row of the longest limit window, read after the claim is committed (call-claims.ts says why). */
const callsInWindow = dataTable(
  'Calls in window',
  { resource: 'row', operation: 'get', dataTableId: byName(CALLS_TABLE), ...where(['receivedAt', 'gte', `={{ ${CHECKED}.since }}`]), returnAll: true },
  { onError: 'continueErrorOutput', alwaysOutputData: true },
);

/** What became of the call, on its claim. Should it fail, the claim stays 'call-pending' and counted, as a call that may have rung. */
const settle = dataTable(
  'Settle',
  {
    resource: 'row',
    operation: 'update',
    dataTableId: byName(CALLS_TABLE),
    ...where(['id', 'eq', CLAIM_ID]),
    columns: {
      mappingMode: 'defineBelow',
      value: { outcome: '={{ $json.outcome }}', callId: '={{ $json.callId }}', error: '={{ $json.error }}' },
      matchingColumns: [],
      schema: [],
    },
    options: {},
  },
  { onError: 'continueRegularOutput', alwaysOutputData: true },
);

/** The answer when the request could not be stored: nothing was done, the visitor may try again. */
export const NOT_STORED = {
  status: 503,
  body: { error: 'The lead could not be stored; nothing was done. Please try again in a minute.', retryAfterSeconds: 30 },
} as const;

/** Where a node sits in the editor: the happy path on one row, refusals and failures below it. */
const BELOW = [
  'Refuse',
  'Recount?',
  'Recount',
  'Too many',
  'Drop claim',
  'Release claim',
  'Not stored',
  'Unavailable',
  'Raise',
  'Duplicate',
  'Drop duplicate',
  'Drop event',
  'Retry later',
  'Reschedule',
  'Refuse key',
  'Look again?',
  'Look again',
  'Drop key claim',
  'Replay?',
  'Replay',
  'Key refused',
  'Drop hit',
  'Keep too many',
  'Keep unavailable',
  'Wait for a slot',
  'Settle reading',
  'Territory file',
  'Territory text',
  'Booking lost',
  'Tool problem',
  'Ending?',
  'Too many turns',
  'Too soon?',
  'Too soon',
  'Answer ended',
  'Release turn',
  'Drop turn',
  'Answer failure',
  'End not stored',
  'Mails not stored',
];

function workflow(product: string, endpoint: string, steps: NodeSpec[], edges: Array<[string, string, number?]>): Workflow {
  const nodes = steps.map((step, index) => ({
    id: uuid(product, endpoint, step.name),
    position: [index * 220, BELOW.includes(step.name) ? 200 : 0] as [number, number],
    ...step,
  }));
  const connections: Workflow['connections'] = {};
  for (const [from, to, output = 0] of edges) {
    const outputs = (connections[from] ??= { main: [] }).main;
    while (outputs.length <= output) outputs.push([]);
    outputs[output]!.push({ node: to, type: 'main', index: 0 });
  }
  return { id: workflowId(product, endpoint), name: `${product} ${endpoint}`, active: false, settings: EXECUTION_SETTINGS, nodes, connections };
}

type Edge = [string, string, number?];

/** The claim row's id in the keys table; 0 (no row) for a request without a key, or when the claim failed. */
const KEY_CLAIM_ID = "={{ ($('Request key').first().json.keyed ? $('Claim key').first().json.id : 0) ?? 0 }}";

/**
 * An answer kept under the request's key, then sent (idempotency-step.ts): "Keep <name>" writes it
 * on the key's claim row ('answered', or 'void' for one that stored nothing), then <name> answers
 * from `from`. Should the write fail, the answer still goes, and a retry gets 409 until the claim is
 * abandoned.
 */
function kept(name: string, from: string, { retry = false } = {}): { nodes: NodeSpec[]; edges: Edge[]; entry: string } {
  const answer = `JSON.stringify({ status: ${from}.status, body: Object.assign({ requestId: ${REQUEST_ID} }, ${from}.body) })`;
  const keep = update(
    `Keep ${name.toLowerCase()}`,
    KEYS_TABLE,
    [['id', 'eq', KEY_CLAIM_ID]],
    { state: `={{ (${keptTest(from)}) ? 'answered' : 'void' }}`, answer: `={{ (${keptTest(from)}) ? ${answer} : '' }}` },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  return { nodes: [keep, respond(name, { from, retry, identified: true })], edges: [[keep.name, name]], entry: keep.name };
}

/**
 * Between "Accepted?" and the endpoint's work (`work`, its first node): the Idempotency-Key claimed
 * and decided (idempotency-step.ts): a repeat answered before any limit, as on the stand-in, then
 * demo_form's and website_demo_call's per-client limit (client-limits-step.ts). A failed claim or
 * read goes to "Not stored" (503), whose answer voids the key.
 */
function guards(product: string, endpoint: LeadEndpoint, steps: Steps, work: string): { nodes: NodeSpec[]; edges: Edge[] } {
  const keyRow = steps(
    'Request key',
    ['keyStep'],
    `return [{ json: franchiseAi.keyStep(${JSON.stringify(endpoint)}, ${JSON.stringify(product)}, $('Webhook').first().json, ${CHECKED}.lead, ${REQUEST_ID}, (text) => require('crypto').createHash('sha256').update(text).digest('hex'), Date.now()) }];`,
  );
  const KEY = "$('Request key').first().json";
  const sameKey = dataTable(
    'Same key',
    {
      resource: 'row',
      operation: 'get',
      dataTableId: byName(KEYS_TABLE),
      ...where(['key', 'eq', `={{ ${KEY}.row.key }}`], ['receivedAt', 'gte', `={{ ${KEY}.since }}`]),
      returnAll: true,
    },
    { onError: 'continueErrorOutput', alwaysOutputData: true, executeOnce: true },
  );
  const decision = steps(
    'Key decision',
    ['keyDecisionStep'],
    `return [{ json: franchiseAi.keyDecisionStep($('Claim key').first().json, $input.all().map((item) => item.json), ${JSON.stringify(endpoint)}, $env, Date.now(), $runIndex) }];`,
  );
  const recount: NodeSpec = {
    name: 'Look again',
    type: 'n8n-nodes-base.wait',
    typeVersion: 1.1,
    webhookId: uuid(product, endpoint, 'look again'),
    parameters: { resume: 'timeInterval', amount: RECOUNT_SECONDS, unit: 'seconds' },
  };
  const DECIDED = "$('Key decision').first().json";
  const dropKey = dataTable(
    'Drop key claim',
    { resource: 'row', operation: 'deleteRows', dataTableId: byName(KEYS_TABLE), ...where(['id', 'eq', "={{ $('Claim key').first().json.id }}"]), options: {} },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const nodes: NodeSpec[] = [
    keyRow,
    isTrue('Key valid?'),
    respond('Refuse key', { identified: true }),
    when('Keyed?', '$json.keyed === true'),
    createTable('Keys table', KEYS_TABLE, KEY_COLUMNS),
    code('Key row', `return [{ json: ${KEY}.row }];`),
    insert('Claim key', KEYS_TABLE),
    sameKey,
    decision,
    when('Fresh key?', `$json.decision === 'fresh'`),
    when('Look again?', `$json.decision === 'recount'`),
    recount,
    dropKey,
    when('Replay?', `${DECIDED}.decision === 'replay'`),
    respond('Replay', { from: DECIDED, identified: true, replayed: true }),
    respond('Key refused', { from: DECIDED, retry: true, identified: true }),
  ];
  const edges: Edge[] = [
    ['Request key', 'Key valid?'],
    ['Key valid?', 'Keyed?', 0],
    ['Key valid?', 'Refuse key', 1],
    ['Keyed?', 'Keys table', 0],
    ['Keys table', 'Key row'],
    ['Key row', 'Claim key'],
    ['Claim key', 'Same key'],
    ['Same key', 'Key decision'],
    ['Key decision', 'Fresh key?'],
    ['Fresh key?', 'Look again?', 1],
    ['Look again?', 'Look again', 0],
    ['Look again', 'Same key'],
    ['Look again?', 'Drop key claim', 1],
    ['Drop key claim', 'Replay?'],
    ['Replay?', 'Replay', 0],
    ['Replay?', 'Key refused', 1],
    ['Claim key', 'Not stored', 1],
    ['Same key', 'Not stored', 1],
  ];
  if (endpoint === 'trigger_ai_demo_call') {
    edges.push(['Keyed?', work, 1], ['Fresh key?', work, 0]);
    return { nodes, edges };
  }
  const tooMany = kept('Too many', "$('Client limit').first().json", { retry: true });
  const limit = clientLimit(endpoint, steps, `${CHECKED}.row.client`, work, tooMany);
  nodes.push(...limit.nodes);
  edges.push(['Keyed?', 'Hit row', 1], ['Fresh key?', 'Hit row', 0], ...limit.edges);
  return { nodes, edges };
}

/**
 * A per-client limit (client-limits-step.ts), when it is on: the client's hit claimed ("Hit"), the
 * client's hits in the window read after it, and the decision; over the limit the hit is deleted
 * and `tooMany` answers. Entered at "Hit row"; within the limit (or none), on to `work`.
 */
function clientLimit(
  endpoint: HitEndpoint,
  steps: Steps,
  client: string,
  work: string,
  tooMany: { nodes: NodeSpec[]; edges: Edge[]; entry: string },
): { nodes: NodeSpec[]; edges: Edge[] } {
  const HIT = "$('Hit row').first().json";
  const hitRow = steps(
    'Hit row',
    ['hitStep'],
    `return [{ json: franchiseAi.hitStep(${JSON.stringify(endpoint)}, ${client}, ${CHECKED}.settings.limits, Date.now()) }];`,
  );
  const window = dataTable(
    'Hits in window',
    {
      resource: 'row',
      operation: 'get',
      dataTableId: byName(HITS_TABLE),
      ...where(
        ['clientKey', 'eq', `={{ ${HIT}.row.clientKey }}`],
        ['endpoint', 'eq', `={{ ${HIT}.row.endpoint }}`],
        ['receivedAt', 'gte', `={{ ${HIT}.since }}`],
      ),
      returnAll: true,
    },
    { onError: 'continueErrorOutput', alwaysOutputData: true, executeOnce: true },
  );
  const limit = steps(
    'Client limit',
    ['hitDecisionStep'],
    `return [{ json: franchiseAi.hitDecisionStep($('Hit').first().json, $input.all().map((item) => item.json), ${JSON.stringify(endpoint)}, ${CHECKED}.settings.limits, $env, Date.now()) }];`,
  );
  const dropHit = dataTable(
    'Drop hit',
    { resource: 'row', operation: 'deleteRows', dataTableId: byName(HITS_TABLE), ...where(['id', 'eq', "={{ $('Hit').first().json.id }}"]), options: {} },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  return {
    nodes: [
      hitRow,
      when('Limited?', '$json.limited === true'),
      createTable('Hits table', HITS_TABLE, HIT_COLUMNS),
      code('Hit values', `return [{ json: ${HIT}.row }];`),
      insert('Hit', HITS_TABLE),
      window,
      limit,
      isTrue('Within client limit?'),
      dropHit,
      ...tooMany.nodes,
    ],
    edges: [
      ['Hit row', 'Limited?'],
      ['Limited?', 'Hits table', 0],
      ['Limited?', work, 1],
      ['Hits table', 'Hit values'],
      ['Hit values', 'Hit'],
      ['Hit', 'Hits in window'],
      ['Hits in window', 'Client limit'],
      ['Client limit', 'Within client limit?'],
      ['Within client limit?', work, 0],
      ['Within client limit?', 'Drop hit', 1],
      ['Drop hit', tooMany.entry],
      ...tooMany.edges,
      // Not stored, or the window unread: 503 (the hit stays, counted: more refused, never fewer).
      ['Hit', 'Not stored', 1],
      ['Hits in window', 'Not stored', 1],
    ],
  };
}

/** The workflows for `product` (demo_status's too), each Code node running the bundle of the steps it calls. */
export function buildWorkflows(bundle: Bundler, product = DEFAULT_PRODUCT): Record<string, Workflow> {
  const built: Record<string, Workflow> = {};
  /** A Code node that calls the steps `uses` on `franchiseAi`. */
  const steps = (name: string, uses: readonly StepName[], body: string) => code(name, `${bundle(uses)}\n${body}`);
  // The profile demo_form read for the request's demoId (none: today's prompt), from the "Profile" node's rows.
  const provider = (name: string, step: 'assistantStep' | 'callStep') =>
    steps(
      name,
      ['providerPost', 'storedProfile', 'toolSettingsStep', step],
      `const check = ${CHECKED};\nconst http = (options) => this.helpers.httpRequest(options);\nconst post = franchiseAi.providerPost($env, http);\nconst profile = franchiseAi.storedProfile($('Profile').all().map((item) => item.json), check.lead.demoId);\nconst tools = await franchiseAi.toolSettingsStep(check.settings, check.lead, $env, http, Date.now());\nreturn [{ json: await franchiseAi.${step}(check.lead, { ...check.settings.policy, callEvents: check.settings.callEvents, tools }, $env, post, profile) }];`,
    );
  /** The profiles table's row of the request's demoId; none (or no table yet) is no profile. */
  const profileRow = dataTable(
    'Profile',
    {
      resource: 'row',
      operation: 'get',
      dataTableId: byName(PROFILES_TABLE),
      ...where(['demoId', 'eq', `={{ ${CHECKED}.lead.demoId ?? '' }}`]),
      returnAll: true,
    },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  for (const path of Object.values(WEBHOOK_PATHS)) {
    if (path === WEBHOOK_PATHS.callEvents) {
      built['call_events'] = eventsWorkflow(product, steps);
      continue;
    }
    if (path === WEBHOOK_PATHS.chatMessage) {
      built['chat_message'] = chatWorkflow(product, steps);
      continue;
    }
    const endpoint = path.slice(1) as LeadEndpoint | 'demo_status';
    if (endpoint === 'demo_status') {
      built[endpoint] = statusWorkflow(product, steps);
      continue;
    }
    const webhook: NodeSpec = {
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2.1,
      webhookId: uuid(product, endpoint, 'webhook'),
      parameters: { httpMethod: 'POST', path: `${product}${path}`, responseMode: 'responseNode', options: {} },
    };
    const check = steps(
      'Check request',
      ['checkStep'],
      `return [{ json: franchiseAi.checkStep(${JSON.stringify(endpoint)}, ${JSON.stringify(product)}, $input.first().json, $env, Date.now()) }];`,
    );
    const guarded = guards(product, endpoint, steps, 'Leads table');
    const start: NodeSpec[] = [
      webhook,
      check,
      isTrue('Accepted?'),
      respond('Refuse', { identified: true }),
      ...guarded.nodes,
      createTable('Leads table', LEADS_TABLE, LEAD_COLUMNS),
    ];
    const startEdges: Edge[] = [
      ['Webhook', 'Check request'],
      ['Check request', 'Accepted?'],
      ['Accepted?', 'Request key', 0],
      ['Accepted?', 'Refuse', 1],
      ...guarded.edges,
    ];
    const lead = [code('Row', `return [{ json: ${CHECKED}.row }];`), insert('Store lead', LEADS_TABLE)];
    const unavailable = kept('Unavailable', "$('Not stored').first().json", { retry: true });
    const notStored = [code('Not stored', `return [{ json: ${JSON.stringify(NOT_STORED)} }];`), ...unavailable.nodes];
    const notStoredEdges: Edge[] = [['Not stored', unavailable.entry], ...unavailable.edges];
    if (endpoint === 'demo_form') {
      // Answered as soon as the lead and a 'reading' profile row are stored; the site is read after
      // the answer (Respond to Webhook sends it and the workflow goes on), and its profile replaces the row.
      // The profile row takes the lead row's receivedAt: call_events finds a browser call's lead by it.
      const reading = steps(
        'Reading row',
        ['readingRow'],
        `return [{ json: franchiseAi.readingRow(require('crypto').randomBytes(16), ${CHECKED}.lead.website, Date.parse(${CHECKED}.row.receivedAt), ${CHECKED}.lead.language) }];`,
      );
      const ok = steps('OK', ['formStep'], `return [{ json: franchiseAi.formStep(${CHECKED}.terms, $('Reading row').first().json.demoId) }];`);
      const answer = kept('Answer', "$('OK').first().json");
      // After the answer: a read slot (MAX_SITE_READS at once), waited for within the read's deadline.
      const readings = lookup('Readings', PROFILES_TABLE, ['status', 'eq', 'reading']);
      const slot = steps(
        'Read slot',
        ['readSlotStep'],
        `return [{ json: franchiseAi.readSlotStep($('Store reading').first().json, $input.all().map((item) => item.json), ${CHECKED}.settings.maxSiteReads, Date.now()) }];`,
      );
      const waitForSlot: NodeSpec = {
        name: 'Wait for a slot',
        type: 'n8n-nodes-base.wait',
        typeVersion: 1.1,
        webhookId: uuid(product, endpoint, 'wait for a slot'),
        parameters: { resume: 'timeInterval', amount: 1, unit: 'seconds' },
      };
      const read = steps(
        'Read site',
        ['profileStep'],
        // `dns` is required within the step's reach: on an instance whose NODE_FUNCTION_ALLOW_BUILTIN
        // lacks it, the row is still settled, then the execution fails naming it.
        `return [{ json: await franchiseAi.profileStep(${CHECKED}.lead.website, $env, (options) => this.helpers.httpRequest(options), () => {\n  const dns = require('dns');\n  return (name) => dns.promises.lookup(name, { all: true, verbatim: true });\n}, $input.first().json.deadlineMs) }];`,
      );
      const storeProfile = dataTable(
        'Store profile',
        {
          resource: 'row',
          operation: 'update',
          dataTableId: byName(PROFILES_TABLE),
          ...where(['demoId', 'eq', "={{ $('Reading row').first().json.demoId }}"]),
          columns: { mappingMode: 'defineBelow', value: { status: '={{ $json.status }}', profile: '={{ $json.profile }}' }, matchingColumns: [], schema: [] },
          options: {},
        },
        { onError: 'continueRegularOutput', alwaysOutputData: true },
      );
      // A read that broke was stored as unavailable ('unreachable'); then it fails the execution,
      // which n8n keeps (saveDataErrorExecution), so the operator sees why.
      const readFailed = when('Read failed?', "$('Read site').first().json.error !== ''");
      const failed = raise("$('Read site').first().json.error");
      built[endpoint] = workflow(
        product,
        endpoint,
        [
          ...start,
          ...lead,
          createTable('Profiles table', PROFILES_TABLE, PROFILE_COLUMNS),
          reading,
          insert('Store reading', PROFILES_TABLE),
          ok,
          ...answer.nodes,
          readings,
          slot,
          isTrue('Slot free?', 'go'),
          waitForSlot,
          read,
          storeProfile,
          readFailed,
          failed,
          ...notStored,
        ],
        [
          ...startEdges,
          ['Leads table', 'Row'],
          ['Row', 'Store lead'],
          ['Store lead', 'Profiles table'],
          ['Profiles table', 'Reading row'],
          ['Reading row', 'Store reading'],
          ['Store reading', 'OK'],
          ['OK', answer.entry],
          ...answer.edges,
          ['Answer', 'Readings'],
          ['Readings', 'Read slot'],
          ['Read slot', 'Slot free?'],
          ['Slot free?', 'Read site', 0],
          ['Slot free?', 'Wait for a slot', 1],
          ['Wait for a slot', 'Readings'],
          ['Read site', 'Store profile'],
          ['Store profile', 'Read failed?'],
          ['Read failed?', 'Raise', 0],
          ['Store lead', 'Not stored', 1],
          ['Store reading', 'Not stored', 1],
          ...notStoredEdges,
        ],
      );
      continue;
    }
    if (endpoint !== 'trigger_ai_demo_call') {
      const [name, assistant] = ['Assistant', provider('Assistant', 'assistantStep')];
      const answer = kept('Answer', "$('Assistant').first().json");
      built[endpoint] = workflow(
        product,
        endpoint,
        [...start, ...lead, profileRow, assistant, ...answer.nodes, ...notStored],
        [
          ...startEdges,
          ['Leads table', 'Row'],
          ['Row', 'Store lead'],
          ['Store lead', 'Profile'],
          ['Profile', name],
          [name, answer.entry],
          ...answer.edges,
          ['Store lead', 'Not stored', 1],
          ...notStoredEdges,
        ],
      );
      continue;
    }
    // Claim, count, then store and call: see call-claims.ts for why this order makes the limits hold.
    const limits = steps(
      'Limits',
      ['limitStep'],
      `return [{ json: franchiseAi.limitStep($('Claim').first().json, $input.all().map((item) => item.json), ${CHECKED}.settings, $env, Date.now(), $runIndex) }];`,
    );
    // On PostgreSQL, a claim that only later claims push over a limit reads again a little later (call-claims.ts).
    const recount: NodeSpec = {
      name: 'Recount',
      type: 'n8n-nodes-base.wait',
      typeVersion: 1.1,
      webhookId: uuid(product, endpoint, 'recount'),
      parameters: { resume: 'timeInterval', amount: RECOUNT_SECONDS, unit: 'seconds' },
    };
    // After the answer: which demo the placed call belongs to, for demo_status's call view.
    const linkRow = steps(
      'Link row',
      ['callLinkRows'],
      `return franchiseAi.callLinkRows($('Call').first().json.callId, ${CHECKED}.lead.demoId, 'phone', ${CHECKED}.row.receivedAt).map((json) => ({ json }));`,
    );
    const tooMany = kept('Too many', "$('Limits').first().json", { retry: true });
    const answer = kept('Answer', "$('Call').first().json");
    built[endpoint] = workflow(
      product,
      endpoint,
      [
        ...start,
        createTable('Calls table', CALLS_TABLE, CALL_COLUMNS),
        code('Claim row', `return [{ json: ${CHECKED}.call }];`),
        insert('Claim', CALLS_TABLE),
        callsInWindow,
        limits,
        isTrue('Within limits?'),
        isTrue('Recount?', 'recount'),
        recount,
        dropClaim('Drop claim'),
        ...tooMany.nodes,
        ...lead,
        profileRow,
        provider('Call', 'callStep'),
        settle,
        ...answer.nodes,
        createTable('Links table', CALL_LINKS_TABLE, CALL_LINK_COLUMNS),
        linkRow,
        storeLink(),
        dropClaim('Release claim'),
        ...notStored,
      ],
      [
        ...startEdges,
        ['Leads table', 'Calls table'],
        ['Calls table', 'Claim row'],
        ['Claim row', 'Claim'],
        ['Claim', 'Calls in window'],
        ['Calls in window', 'Limits'],
        ['Limits', 'Within limits?'],
        ['Within limits?', 'Row', 0],
        ['Within limits?', 'Recount?', 1],
        ['Recount?', 'Recount', 0],
        ['Recount', 'Calls in window'],
        ['Recount?', 'Drop claim', 1],
        ['Drop claim', tooMany.entry],
        ...tooMany.edges,
        ['Row', 'Store lead'],
        ['Store lead', 'Profile'],
        ['Profile', 'Call'],
        ['Call', 'Settle'],
        ['Settle', answer.entry],
        ...answer.edges,
        ['Answer', 'Links table'],
        ['Links table', 'Link row'],
        ['Link row', 'Store link'],
        // Nothing stored, or the window unread: no call, and the claim stops counting.
        ['Claim', 'Not stored', 1],
        ['Calls in window', 'Release claim', 1],
        ['Store lead', 'Release claim', 1],
        ['Release claim', 'Not stored'],
        ...notStoredEdges,
      ],
    );
  }
  built[OUTBOX_WORKFLOW] = outboxWorkflow(product, steps);
  built[LEAD_OUTBOX_WORKFLOW] = leadOutboxWorkflow(product, steps);
  built[HUBSPOT_WORKFLOW] = hubspotWorkflow(product, steps);
  built[SWEEP_WORKFLOW] = sweepWorkflow(product, steps);
  built[HOUSEKEEPING_WORKFLOW] = housekeepingWorkflow(product, steps);
  built[CHAT_IDLE_WORKFLOW] = chatIdleWorkflow(product, steps);
  return built;
}

/**
 * chat_message (chat-step.ts): the checks, the client's limit (RATE_LIMIT_CHAT), the demo's lead and
 * chat rows, then the decision: answered at once (a refusal, `open`, a close, then the chat's end),
 * or the turn claimed and counted (one at a time per demo, MAX_CHAT_TURNS), the message sent to the
 * provider's chat API, its reply stored on the turn and answered (a goodbye then ends the chat; a new
 * chat, the lead's open one). A turn the provider did not answer, or refused, is deleted: it does not count.
 */
function chatWorkflow(product: string, steps: Steps): Workflow {
  const endpoint = 'chat_message';
  const all = (node: string) => `$('${node}').all().map((item) => item.json)`;
  const DECISION = "$('Chat decision').first().json";
  const TURN_ID = "={{ $('Claim turn').first().json.id }}";
  const check = steps('Check request', ['chatCheckStep'], 'return [{ json: franchiseAi.chatCheckStep($input.first().json, $env) }];');
  const limit = clientLimit(endpoint, steps, `${CHECKED}.client`, 'Chats table', {
    nodes: [respond('Too many', { from: "$('Client limit').first().json", retry: true })],
    edges: [],
    entry: 'Too many',
  });
  const decision = steps(
    'Chat decision',
    ['chatDecisionStep'],
    `return [{ json: franchiseAi.chatDecisionStep(${CHECKED}.request, ${all('Profile')}, ${all('Lead')}, ${all('Chat rows')}, ${CHECKED}.on, ${CHECKED}.idleMinutes, Date.now(), () => require('crypto').randomUUID()) }];`,
  );
  const turns = dataTable(
    'Turns',
    {
      resource: 'row',
      operation: 'get',
      dataTableId: byName(CHATS_TABLE),
      ...where(['demoId', 'eq', `={{ ${CHECKED}.request.demoId }}`], ['kind', 'eq', 'turn']),
      returnAll: true,
    },
    { onError: 'continueErrorOutput', alwaysOutputData: true, executeOnce: true },
  );
  const turnLimit = steps(
    'Turn limit',
    ['turnLimitStep'],
    `return [{ json: franchiseAi.turnLimitStep($('Claim turn').first().json, $input.all().map((item) => item.json), $env, Date.now()) }];`,
  );
  const agent = steps(
    'Agent',
    ['chatPost', 'chatAgentStep', 'toolSettingsStep'],
    `const check = ${CHECKED};\nconst decision = ${DECISION};\nconst http = (options) => this.helpers.httpRequest(options);\nconst tools = await franchiseAi.toolSettingsStep(check.settings, decision.chat.lead, $env, http, Date.now());\nreturn [{ json: await franchiseAi.chatAgentStep(decision, $('Turn limit').first().json.turnsLeft, { ...check.settings.policy, callEvents: check.settings.callEvents, tools }, franchiseAi.chatPost($env, http)) }];`,
  );
  const AGENT = "$('Agent').first().json";
  // Only a turn still pending: one whose chat was closed meanwhile stays ended, and is answered 409 ("Stored?").
  const storeReply = update(
    'Store reply',
    CHATS_TABLE,
    [
      ['id', 'eq', TURN_ID],
      ['status', 'eq', TURN_STATUS.pending],
    ],
    { chatId: `={{ ${AGENT}.stored.chatId }}`, reply: `={{ ${AGENT}.stored.reply }}`, status: `={{ ${AGENT}.stored.status }}` },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const dropTurn = (name: string) =>
    dataTable(
      name,
      { resource: 'row', operation: 'deleteRows', dataTableId: byName(CHATS_TABLE), ...where(['id', 'eq', TURN_ID]), options: {} },
      { onError: 'continueRegularOutput', alwaysOutputData: true, executeOnce: true },
    );
  const end = chatEnd(steps, null);
  return workflow(
    product,
    endpoint,
    [
      webhookNode(product, endpoint),
      check,
      isTrue('Accepted?'),
      respond('Refuse'),
      ...limit.nodes,
      createTable('Chats table', CHATS_TABLE, CHAT_COLUMNS),
      lookup('Profile', PROFILES_TABLE, ['demoId', 'eq', `={{ ${CHECKED}.request.demoId }}`]),
      lookup('Lead', LEADS_TABLE, ['receivedAt', 'eq', "={{ $('Profile').first().json.receivedAt || '-' }}"]),
      lookup('Chat rows', CHATS_TABLE, ['demoId', 'eq', `={{ ${CHECKED}.request.demoId }}`]),
      decision,
      when('Answer now?', `${DECISION}.answer !== null`),
      respond('Answer', { from: `${DECISION}.answer`, retry: false }),
      when('Ending?', `${DECISION}.end !== null`),
      code('Turn row', `return [{ json: ${DECISION}.turn }];`),
      insert('Claim turn', CHATS_TABLE),
      turns,
      turnLimit,
      isTrue('Within turns?'),
      dropTurn('Release turn'),
      when('Too soon?', "$('Turn limit').first().json.body.code === 'client'"),
      respond('Too soon', { from: "$('Turn limit').first().json", retry: true }),
      respond('Too many turns', { from: "$('Turn limit').first().json" }),
      agent,
      when('Replied?', `${AGENT}.status === 200`),
      storeReply,
      when('Stored?', '$json.id !== undefined'),
      respond('Answer reply', { from: AGENT }),
      // Closed while the provider was answering: the close holds, and the reply is not the chat's.
      respond('Answer ended', { from: `({ status: 409, body: ${JSON.stringify(chatRefusal('chatEnded'))} })` }),
      when('Goodbye?', `${AGENT}.end !== null`),
      when('Replacing?', `${DECISION}.end !== null`),
      dropTurn('Drop turn'),
      respond('Answer failure', { from: AGENT }),
      // The chat the agent said goodbye in, else the one closed or replaced by the request.
      code('End', `return [{ json: $('Agent').isExecuted && ${AGENT}.end !== null ? ${AGENT}.end : ${DECISION}.end }];`),
      ...end.nodes,
      code('Not stored', `return [{ json: ${JSON.stringify(CHAT_NOT_STORED)} }];`),
      respond('Unavailable', { retry: true }),
    ],
    [
      ['Webhook', 'Check request'],
      ['Check request', 'Accepted?'],
      ['Accepted?', 'Hit row', 0],
      ['Accepted?', 'Refuse', 1],
      ...limit.edges,
      ['Chats table', 'Profile'],
      ['Profile', 'Lead'],
      ['Lead', 'Chat rows'],
      ['Chat rows', 'Chat decision'],
      ['Chat decision', 'Answer now?'],
      ['Answer now?', 'Answer', 0],
      ['Answer', 'Ending?'],
      ['Ending?', 'End', 0],
      ['Answer now?', 'Turn row', 1],
      ['Turn row', 'Claim turn'],
      ['Claim turn', 'Turns'],
      ['Turns', 'Turn limit'],
      ['Turn limit', 'Within turns?'],
      ['Within turns?', 'Agent', 0],
      ['Within turns?', 'Release turn', 1],
      ['Release turn', 'Too soon?'],
      ['Too soon?', 'Too soon', 0],
      ['Too soon?', 'Too many turns', 1],
      ['Agent', 'Replied?'],
      ['Replied?', 'Store reply', 0],
      ['Store reply', 'Stored?'],
      ['Stored?', 'Answer reply', 0],
      ['Stored?', 'Answer ended', 1],
      ['Answer reply', 'Goodbye?'],
      ['Goodbye?', 'End', 0],
      ['Goodbye?', 'Replacing?', 1],
      ['Replacing?', 'End', 0],
      ['Replied?', 'Drop turn', 1],
      ['Drop turn', 'Answer failure'],
      ['End', end.entry],
      ...end.edges,
      // The turn not stored, or the demo's turns unread: 503, nothing sent to the agent.
      ['Claim turn', 'Not stored', 1],
      ['Turns', 'Not stored', 1],
      ['Not stored', 'Unavailable'],
    ],
  );
}

/**
 * A chat's end, from the item of the node "End" (a ChatToEnd): claimed (an 'end' row, then the
 * lowest id of the chat's ends goes on, firstStep), its turns marked ended by every claim (no more
 * messages, not seen idle again), then, for the first claim only, its transcript, analysis, mails and lead event queued as after a call's
 * report (chatReportStep). `next`: where to go once done (the idle sweep's next chat). Anything not
 * queued fails the execution, which n8n keeps for the operator.
 */
function chatEnd(steps: Steps, next: string | null): { nodes: NodeSpec[]; edges: Edge[]; entry: string } {
  const END = "$('End').first().json";
  const all = (node: string) => `$('${node}').all().map((item) => item.json)`;
  const ends = dataTable(
    'Ends',
    {
      resource: 'row',
      operation: 'get',
      dataTableId: byName(CHATS_TABLE),
      ...where(['conversation', 'eq', `={{ ${END}.conversation }}`], ['kind', 'eq', 'end']),
      returnAll: true,
    },
    { onError: 'continueRegularOutput', alwaysOutputData: true, executeOnce: true },
  );
  const closeChat = update(
    'Close chat',
    CHATS_TABLE,
    [
      ['conversation', 'eq', `={{ ${END}.conversation }}`],
      ['kind', 'eq', 'turn'],
    ],
    { status: TURN_STATUS.ended },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const report = steps(
    'Chat report',
    ['chatPost', 'chatReportStep'],
    `return [{ json: await franchiseAi.chatReportStep(${END}, ${all('End profile')}, ${all('End lead')}, ${all('Chat lines')}, $env, franchiseAi.chatPost($env, (options) => this.helpers.httpRequest(options)), Date.now(), () => require('crypto').randomUUID(), ${all('Chat booking')}) }];`,
  );
  const REPORT = "$('Chat report').first().json";
  const nodes: NodeSpec[] = [
    steps('End row', ['chatEndRow'], `return [{ json: franchiseAi.chatEndRow(${END}, Date.now()) }];`),
    insert('Claim end', CHATS_TABLE),
    ends,
    steps(
      'First end?',
      ['firstStep'],
      `return [{ json: franchiseAi.firstStep($('Claim end').first().json, $input.all().map((item) => item.json), 'conversation') }];`,
    ),
    closeChat,
    { ...when('Won end?', "$('First end?').first().json.first === true"), executeOnce: true },
    lookup('Chat lines', CHATS_TABLE, ['conversation', 'eq', `={{ ${END}.conversation }}`], ['kind', 'eq', 'turn']),
    lookup('End profile', PROFILES_TABLE, ['demoId', 'eq', `={{ ${END}.demoId }}`]),
    lookup('End lead', LEADS_TABLE, ['receivedAt', 'eq', "={{ $('End profile').first().json.receivedAt || '-' }}"]),
    lookup('Chat booking', BOOKINGS_TABLE, ['demoId', 'eq', `={{ ${END}.demoId }}`]),
    createTable('Outbox table', OUTBOX_TABLE, OUTBOX_COLUMNS),
    createTable('Lead events table', LEAD_OUTBOX_TABLE, LEAD_OUTBOX_COLUMNS),
    report,
    when('Chat mail?', `${REPORT}.mails.length > 0`),
    code('Chat mails', `return ${REPORT}.mails.map((json) => ({ json }));`),
    insert('Queue chat mails', OUTBOX_TABLE),
    { ...when('Chat event?', `${REPORT}.leadEvent !== null`), executeOnce: true },
    code('Chat event row', `return [{ json: ${REPORT}.leadEvent }];`),
    insert('Queue chat event', LEAD_OUTBOX_TABLE),
    raise(`'The end of chat ' + ${END}.conversation + ' could not be stored: no mail was sent.'`, 'End not stored'),
    raise(`'The mails or lead event of chat ' + ${END}.conversation + ' could not be queued.'`, 'Mails not stored'),
  ];
  const edges: Edge[] = [
    ['End row', 'Claim end'],
    ['Claim end', 'Ends'],
    ['Ends', 'First end?'],
    // Closed by every end claimed (an end whose execution died leaves its turns open; the next one closes them).
    ['First end?', 'Close chat'],
    ['Close chat', 'Won end?'],
    ['Won end?', 'Chat lines', 0],
    ['Chat lines', 'End profile'],
    ['End profile', 'End lead'],
    ['End lead', 'Chat booking'],
    ['Chat booking', 'Outbox table'],
    ['Outbox table', 'Lead events table'],
    ['Lead events table', 'Chat report'],
    ['Chat report', 'Chat mail?'],
    ['Chat mail?', 'Chat mails', 0],
    ['Chat mail?', 'Chat event?', 1],
    ['Chat mails', 'Queue chat mails'],
    ['Queue chat mails', 'Chat event?'],
    ['Chat event?', 'Chat event row', 0],
    ['Chat event row', 'Queue chat event'],
    ['Claim end', 'End not stored', 1],
    ['Queue chat mails', 'Mails not stored', 1],
    ['Queue chat event', 'Mails not stored', 1],
  ];
  if (next !== null) edges.push(['Queue chat event', next], ['Chat event?', next, 1]);
  return { nodes, edges, entry: 'End row' };
}

/**
 * chat_idle: every minute, the open chats whose latest message is older than CHAT_IDLE_MINUTES,
 * ended one after the other (idleChatStep, at most CHATS_PER_SWEEP a run) as a close ends one.
 */
function chatIdleWorkflow(product: string, steps: Steps): Workflow {
  const schedule: NodeSpec = {
    name: 'Every minute',
    type: 'n8n-nodes-base.scheduleTrigger',
    typeVersion: 1.2,
    parameters: { rule: { interval: [{ field: 'minutes', minutesInterval: 1 }] } },
  };
  const end = chatEnd(steps, 'Open turns');
  return workflow(
    product,
    CHAT_IDLE_WORKFLOW,
    [
      schedule,
      lookup('Open turns', CHATS_TABLE, ['kind', 'eq', 'turn'], ['status', 'eq', TURN_STATUS.answered]),
      steps(
        'End',
        ['idleChatStep'],
        'return franchiseAi.idleChatStep($input.all().map((item) => item.json), $env, Date.now(), $runIndex).map((json) => ({ json }));',
      ),
      ...end.nodes,
    ],
    [['Every minute', 'Open turns'], ['Open turns', 'End'], ['End', end.entry], ...end.edges],
  );
}

/** Stores a link row (callLinkRows). Should it fail, the answer has gone: demo_status shows no call view, call_events links no browser call. */
const storeLink = () =>
  dataTable(
    'Store link',
    { resource: 'row', operation: 'insert', dataTableId: byName(CALL_LINKS_TABLE), columns: { mappingMode: 'autoMapInputData', value: {} }, options: {} },
    { onError: 'continueRegularOutput' },
  );

type Steps = (name: string, uses: readonly StepName[], body: string) => NodeSpec;

/** The provider's GET and DELETE through n8n's HTTP helper, as a Code node spells it. */
const PROVIDER_REQUEST = 'franchiseAi.providerRequest($env, (options) => this.helpers.httpRequest(options))';

/** Fails the execution with `message` (an expression), so n8n keeps it (saveDataErrorExecution) and the operator sees why. */
const raise = (message: string, name = 'Raise'): NodeSpec => ({
  name,
  type: 'n8n-nodes-base.stopAndError',
  typeVersion: 1,
  parameters: { errorType: 'errorMessage', errorMessage: `={{ ${message} }}` },
});

const webhookNode = (product: string, endpoint: string): NodeSpec => ({
  name: 'Webhook',
  type: 'n8n-nodes-base.webhook',
  typeVersion: 2.1,
  webhookId: uuid(product, endpoint, 'webhook'),
  parameters: { httpMethod: 'POST', path: `${product}/${endpoint}`, responseMode: 'responseNode', options: {} },
});

/**
 * demo_status: the envelope checks and a well-formed demoId, then the visitor's view
 * of that demo's profile row (profileView), 404 for an unknown demoId, and `call` (callView) once a
 * phone call was placed for the demo and the provider reported its status, and `booking` (bookingView)
 * once the agent booked a meeting for it. After the answer, a
 * webCallId the widget sent is linked to the demo, so that call_events finds the browser call's lead.
 */
function statusWorkflow(product: string, steps: Steps): Workflow {
  const endpoint = 'demo_status';
  const check = steps('Check request', ['statusCheckStep'], 'return [{ json: franchiseAi.statusCheckStep($input.first().json, $env) }];');
  // No table yet (no demo_form so far) fails the read: carried on as no row, a 404.
  const row = lookup('Profile', PROFILES_TABLE, ['demoId', 'eq', `={{ ${CHECKED}.demoId }}`]);
  const phoneCall = lookup('Phone call', CALL_LINKS_TABLE, ['demoId', 'eq', `={{ ${CHECKED}.demoId }}`], ['channel', 'eq', 'phone']);
  // The latest phone call's status events ('-' matches none when no call was placed).
  const latestCall = "$('Phone call').all().map((item) => item.json.callId).filter(Boolean).at(-1) || '-'";
  const events = lookup('Call events', EVENTS_TABLE, ['callId', 'eq', `={{ ${latestCall} }}`], ['kind', 'eq', 'status']);
  // The demo's booking, once the agent made one (none before: no table yet fails the read, carried on as no row).
  const booking = lookup('Booking', BOOKINGS_TABLE, ['demoId', 'eq', `={{ ${CHECKED}.demoId }}`]);
  const all = (node: string) => `$('${node}').all().map((item) => item.json)`;
  // A row left 'reading' by a read n8n stopped is settled here, so the visitor's panel ends (read-slots-step.ts).
  const abandoned = steps('Abandoned reading', ['abandonedReadingStep'], `return [{ json: franchiseAi.abandonedReadingStep(${all('Profile')}, Date.now()) }];`);
  const settleReading = update(
    'Settle reading',
    PROFILES_TABLE,
    [
      ['demoId', 'eq', `={{ ${CHECKED}.demoId }}`],
      ['status', 'eq', 'reading'],
    ],
    { status: "={{ $('Abandoned reading').first().json.settle.status }}", profile: "={{ $('Abandoned reading').first().json.settle.profile }}" },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const status = steps(
    'Status',
    ['statusStep'],
    `return [{ json: franchiseAi.statusStep($('Abandoned reading').first().json.rows, ${CHECKED}.demoId, ${all('Phone call')}, ${all('Call events')}, ${all('Booking')}) }];`,
  );
  const linkRow = steps(
    'Link row',
    ['callLinkRows'],
    `return $('Status').first().json.status === 200 ? franchiseAi.callLinkRows(${CHECKED}.webCallId, ${CHECKED}.demoId, 'browser', new Date().toISOString()).map((json) => ({ json })) : [];`,
  );
  return workflow(
    product,
    endpoint,
    [
      webhookNode(product, endpoint),
      check,
      isTrue('Accepted?'),
      respond('Refuse'),
      row,
      abandoned,
      when('Abandoned?', '$json.settle !== null'),
      settleReading,
      phoneCall,
      events,
      booking,
      status,
      respond('Answer'),
      createTable('Links table', CALL_LINKS_TABLE, CALL_LINK_COLUMNS),
      linkRow,
      storeLink(),
    ],
    [
      ['Webhook', 'Check request'],
      ['Check request', 'Accepted?'],
      ['Accepted?', 'Profile', 0],
      ['Accepted?', 'Refuse', 1],
      ['Profile', 'Abandoned reading'],
      ['Abandoned reading', 'Abandoned?'],
      ['Abandoned?', 'Settle reading', 0],
      ['Abandoned?', 'Phone call', 1],
      ['Settle reading', 'Phone call'],
      ['Phone call', 'Call events'],
      ['Call events', 'Booking'],
      ['Booking', 'Status'],
      ['Status', 'Answer'],
      ['Answer', 'Links table'],
      ['Links table', 'Link row'],
      ['Link row', 'Store link'],
    ],
  );
}

/**
 * call_events: the provider's reports, checked by the shared rules (secret first), stored
 * once per event (insert, then the lowest id of its key is the one kept: firstStep), and for a new
 * end-of-call report linked to a lead, its follow-up mails written to the outbox before the answer,
 * so that a mail is never promised and dropped: should they not be stored, the event is dropped too
 * and the provider gets 503, to deliver the report again.
 */
function eventsWorkflow(product: string, steps: Steps): Workflow {
  const endpoint = 'call_events';
  const EVENT = "$('Check event').first().json";
  const check = steps('Check event', ['eventCheckStep'], 'return [{ json: franchiseAi.eventCheckStep($input.first().json, $env, Date.now()) }];');
  const sameKey = dataTable(
    'Same event',
    { resource: 'row', operation: 'get', dataTableId: byName(EVENTS_TABLE), ...where(['key', 'eq', `={{ ${EVENT}.row.key }}`]), returnAll: true },
    { onError: 'continueErrorOutput', alwaysOutputData: true, executeOnce: true },
  );
  const first = steps(
    'First?',
    ['firstStep'],
    `return [{ json: franchiseAi.firstStep($('Store event').first().json, $input.all().map((item) => item.json)) }];`,
  );
  const ownRow = "={{ $('Store event').first().json.id }}";
  const drop = (name: string) =>
    dataTable(
      name,
      { resource: 'row', operation: 'deleteRows', dataTableId: byName(EVENTS_TABLE), ...where(['id', 'eq', ownRow]), options: {} },
      { onError: 'continueRegularOutput', alwaysOutputData: true, executeOnce: true },
    );
  const duplicate = code('Duplicate', `return [{ json: { status: 200, body: { ok: true, duplicate: true } } }];`);
  const stored = code('Stored', `return [{ json: { status: 200, body: { ok: true, duplicate: false } } }];`);
  // A report's call, or a tool-calls message's (none: '-', which matches no row).
  const callId = `(${EVENT}.event || ${EVENT}).callId || '-'`;
  const lookups = [
    lookup('Call row', CALLS_TABLE, ['callId', 'eq', `={{ ${callId} }}`]),
    lookup('Link', CALL_LINKS_TABLE, ['callId', 'eq', `={{ ${callId} }}`]),
    lookup('Demo', PROFILES_TABLE, ['demoId', 'eq', "={{ $('Link').all().map((item) => item.json.demoId).filter(Boolean)[0] || '-' }}"]),
    lookup('Lead', LEADS_TABLE, ['receivedAt', 'eq', "={{ $('Call row').first().json.receivedAt || $('Demo').first().json.receivedAt || '-' }}"]),
  ];
  const all = (node: string) => `$('${node}').all().map((item) => item.json)`;
  // The meeting booked during the call, which the mails name and attach (none before any booking: no table yet, no row).
  const callBooking = lookup('Call booking', BOOKINGS_TABLE, ['callId', 'eq', `={{ ${callId} }}`]);
  const followUp = steps(
    'Follow-up',
    ['followUpStep', 'callBooking'],
    `return [{ json: franchiseAi.followUpStep(${EVENT}.event, { calls: ${all('Call row')}, links: ${all('Link')}, demos: ${all('Demo')}, leads: ${all('Lead')} }, $env, Date.now(), franchiseAi.callBooking(${all('Call booking')})) }];`,
  );
  const mails = code('Mails', 'return $input.first().json.mails.map((json) => ({ json }));');
  // With the call's booking and check_territory's last answer.
  const callTerritory = lookup('Call territory', TERRITORY_CHECKS_TABLE, ['callId', 'eq', `={{ ${callId} }}`]);
  const leadEvent = {
    ...steps(
      'Lead event',
      ['leadEventStep', 'callBooking', 'callTerritory'],
      `return [{ json: franchiseAi.leadEventStep(${EVENT}.event, { calls: ${all('Call row')}, links: ${all('Link')}, demos: ${all('Demo')}, leads: ${all('Lead')} }, $env, Date.now(), () => require('crypto').randomUUID(), { booking: franchiseAi.callBooking(${all('Call booking')}), territory: franchiseAi.callTerritory(${all('Call territory')}) }) }];`,
    ),
    executeOnce: true,
  };
  const answer = { ...respond('Answer', { from: "$('Follow-up').first().json.answer" }), executeOnce: true };
  // After the answer (the provider is not kept waiting): a browser call's assistant has done its work.
  const cleanup = {
    ...steps('Clean up', ['providerRequest', 'cleanupStep'], `return [{ json: await franchiseAi.cleanupStep(${EVENT}.event, $env, ${PROVIDER_REQUEST}) }];`),
    executeOnce: true,
  };
  const notStored = [code('Not stored', `return [{ json: ${JSON.stringify(NOT_STORED)} }];`), respond('Unavailable', { retry: true })];
  const tools = toolCallNodes(steps, EVENT, all);
  return workflow(
    product,
    endpoint,
    [
      webhookNode(product, endpoint),
      check,
      when('Tool calls?', '$json.tools === true'),
      isTrue('Store?', 'store'),
      respond('Refuse'),
      createTable('Events table', EVENTS_TABLE, EVENT_COLUMNS),
      code('Event row', `return [{ json: ${EVENT}.row }];`),
      insert('Store event', EVENTS_TABLE),
      sameKey,
      first,
      isTrue('First delivery?', 'first'),
      drop('Drop duplicate'),
      duplicate,
      respond('Answer duplicate'),
      when('Report?', `${EVENT}.event.kind === 'report'`),
      stored,
      respond('Answer stored'),
      ...lookups,
      callBooking,
      callTerritory,
      createTable('Outbox table', OUTBOX_TABLE, OUTBOX_COLUMNS),
      followUp,
      when('Mail?', '$json.mails.length > 0'),
      mails,
      insert('Queue mails', OUTBOX_TABLE),
      createTable('Lead events table', LEAD_OUTBOX_TABLE, LEAD_OUTBOX_COLUMNS),
      leadEvent,
      when('Lead event?', '$json.row !== null'),
      code('Lead event row', 'return [{ json: $input.first().json.row }];'),
      insert('Queue lead event', LEAD_OUTBOX_TABLE),
      answer,
      cleanup,
      when('Clean-up failed?', "$json.outcome === 'failed'"),
      raise('$json.error'),
      drop('Drop event'),
      ...notStored,
      when('For the tools?', `${EVENT}.tools === true`),
      ...tools.nodes,
    ],
    [
      ['Webhook', 'Check event'],
      ['Check event', 'Tool calls?'],
      ['Tool calls?', 'Call row', 0],
      ['Tool calls?', 'Store?', 1],
      ['Store?', 'Events table', 0],
      ['Store?', 'Refuse', 1],
      ['Events table', 'Event row'],
      ['Event row', 'Store event'],
      ['Store event', 'Same event'],
      ['Same event', 'First?'],
      ['First?', 'First delivery?'],
      ['First delivery?', 'Report?', 0],
      ['First delivery?', 'Drop duplicate', 1],
      ['Drop duplicate', 'Duplicate'],
      ['Duplicate', 'Answer duplicate'],
      ['Report?', 'Call row', 0],
      ['Report?', 'Stored', 1],
      ['Stored', 'Answer stored'],
      ['Call row', 'Link'],
      ['Link', 'Demo'],
      ['Demo', 'Lead'],
      ['Lead', 'For the tools?'],
      ['For the tools?', tools.entry, 0],
      ['For the tools?', 'Call booking', 1],
      ['Call booking', 'Call territory'],
      ['Call territory', 'Outbox table'],
      ...tools.edges,
      ['Outbox table', 'Follow-up'],
      ['Follow-up', 'Mail?'],
      ['Mail?', 'Mails', 0],
      ['Mail?', 'Lead events table', 1],
      ['Mails', 'Queue mails'],
      ['Queue mails', 'Lead events table'],
      ['Lead events table', 'Lead event'],
      ['Lead event', 'Lead event?'],
      ['Lead event?', 'Lead event row', 0],
      ['Lead event?', 'Answer', 1],
      ['Lead event row', 'Queue lead event'],
      ['Queue lead event', 'Answer'],
      ['Answer', 'Clean up'],
      ['Clean up', 'Clean-up failed?'],
      ['Clean-up failed?', 'Raise', 0],
      // Not stored, or its key unread, or its mails not queued: nothing kept, 503, the provider delivers it again.
      ['Store event', 'Not stored', 1],
      ['Same event', 'Drop event', 1],
      ['Queue mails', 'Drop event', 1],
      ['Queue lead event', 'Drop event', 1],
      ['Drop event', 'Not stored'],
      ['Not stored', 'Unavailable'],
    ],
  );
}

/**
 * call_events' answer to a tool-calls message (tool-calls-step.ts), once the call's lead is looked up
 * as a report's is: the territory file read when the message asks check_territory (n8n's own file
 * nodes: a Code node reads no file; the path must be within N8N_RESTRICT_FILE_ACCESS_TO), the tools
 * answered, and after the answer the new booking stored; then anything the operator should see (a
 * calendar that failed, a bad territory file, a call linked to no lead) fails the execution, which
 * n8n keeps.
 */
function toolCallNodes(steps: Steps, EVENT: string, all: (node: string) => string): { nodes: NodeSpec[]; edges: Edge[]; entry: string } {
  const ANSWERS = "$('Tool answers').first().json";
  const readFile: NodeSpec = {
    name: 'Territory file',
    type: 'n8n-nodes-base.readWriteFile',
    typeVersion: 1.1,
    onError: 'continueRegularOutput',
    parameters: { operation: 'read', fileSelector: `={{ ${EVENT}.territoriesFile }}`, options: {} },
  };
  const text: NodeSpec = {
    name: 'Territory text',
    type: 'n8n-nodes-base.extractFromFile',
    typeVersion: 1.1,
    onError: 'continueRegularOutput',
    parameters: { operation: 'text', binaryPropertyName: 'data', destinationKey: 'text', options: { encoding: 'utf8', stripBOM: true } },
  };
  const read =
    "$('Territory text').isExecuted ? { text: $('Territory text').first().json.text, error: $('Territory file').first().json.error || $('Territory text').first().json.error } : null";
  const answers = steps(
    'Tool answers',
    ['toolAnswersStep'],
    `return [{ json: await franchiseAi.toolAnswersStep(${EVENT}, { calls: ${all('Call row')}, links: ${all('Link')}, demos: [...${all('Demo')}, ...${all('Chat demo')}], leads: [...${all('Lead')}, ...${all('Chat lead')}] }, ${read}, $env, (options) => this.helpers.httpRequest(options), (text) => require('crypto').createHash('sha256').update(text).digest('base64url'), Date.now()) }];`,
  );
  const nodes: NodeSpec[] = [
    // A chat's tool calls name no call: its lead by the id in the chat assistant's metadata (0 matches no row), and that lead's demo.
    lookup('Chat lead', LEADS_TABLE, ['id', 'eq', `={{ Number(${EVENT}.leadId) || 0 }}`]),
    lookup('Chat demo', PROFILES_TABLE, ['receivedAt', 'eq', "={{ $('Chat lead').first().json.receivedAt || '-' }}"]),
    when('Territory call?', `${EVENT}.territoriesFile !== ''`),
    readFile,
    text,
    answers,
    respond('Answer tools', { from: `${ANSWERS}.answer` }),
    // check_territory's answers, kept for the call's lead.qualified event; should they not be, the event has none.
    when('Checked?', `${ANSWERS}.territoryChecks.length > 0`),
    createTable('Territory checks table', TERRITORY_CHECKS_TABLE, TERRITORY_CHECK_COLUMNS),
    code('Check rows', `return ${ANSWERS}.territoryChecks.map((json) => ({ json }));`),
    { ...insert('Store checks', TERRITORY_CHECKS_TABLE), onError: 'continueRegularOutput' },
    // Once, whatever number of rows the insert passed on.
    { ...when('Booked?', `${ANSWERS}.bookings.length > 0`), executeOnce: true },
    createTable('Bookings table', BOOKINGS_TABLE, BOOKING_COLUMNS),
    code('Booking rows', `return ${ANSWERS}.bookings.map((json) => ({ json }));`),
    insert('Store booking', BOOKINGS_TABLE),
    raise(`'A booking is in the calendar but not in ${BOOKINGS_TABLE}: ' + ${ANSWERS}.bookings.map((row) => row.uid).join(', ')`, 'Booking lost'),
    when('Tool problems?', `${ANSWERS}.problems.length > 0`),
    raise(`${ANSWERS}.problems.join('; ')`, 'Tool problem'),
  ];
  const edges: Edge[] = [
    ['Chat lead', 'Chat demo'],
    ['Chat demo', 'Territory call?'],
    ['Territory call?', 'Territory file', 0],
    ['Territory call?', 'Tool answers', 1],
    ['Territory file', 'Territory text'],
    ['Territory text', 'Tool answers'],
    ['Tool answers', 'Answer tools'],
    ['Answer tools', 'Checked?'],
    ['Checked?', 'Territory checks table', 0],
    ['Checked?', 'Booked?', 1],
    ['Territory checks table', 'Check rows'],
    ['Check rows', 'Store checks'],
    ['Store checks', 'Booked?'],
    ['Booked?', 'Bookings table', 0],
    ['Booked?', 'Tool problems?', 1],
    ['Bookings table', 'Booking rows'],
    ['Booking rows', 'Store booking'],
    ['Store booking', 'Tool problems?', 0],
    ['Store booking', 'Booking lost', 1],
    ['Tool problems?', 'Tool problem', 0],
  ];
  return { nodes, edges, entry: 'Chat lead' };
}

/**
 * mail_outbox: every OUTBOX_SECONDS, the due mails, one at a time: claimed ('pending' →
 * 'sending', an update that matches only a pending row, so of two runs that pick the same mail one
 * gets it: n8n runs the update as one transaction, serialised on SQLite and row-locked on
 * PostgreSQL), sent with the Send Email node, then marked 'sent'; a failed send goes down the node's
 * error output and is put back for later (retryStep). Claimed before the send, so a mail is never
 * sent twice: should n8n die between the send and the mark, the row stays 'sending' and is not sent
 * again (at most once; the operator sees it in the table) rather than perhaps twice.
 */
function outboxWorkflow(product: string, steps: Steps): Workflow {
  const endpoint = OUTBOX_WORKFLOW;
  const schedule: NodeSpec = {
    name: 'Every few seconds',
    type: 'n8n-nodes-base.scheduleTrigger',
    typeVersion: 1.2,
    parameters: { rule: { interval: [{ field: 'seconds', secondsInterval: OUTBOX_SECONDS }] } },
  };
  const due = dataTable(
    'Due mails',
    {
      resource: 'row',
      operation: 'get',
      dataTableId: byName(OUTBOX_TABLE),
      ...where(['status', 'eq', MAIL_STATUS.pending], ['nextAttemptAt', 'lte', '={{ new Date().toISOString() }}']),
      returnAll: true,
    },
    { onError: 'continueRegularOutput', alwaysOutputData: true, executeOnce: true },
  );
  const next = steps(
    'Next mail',
    ['nextMailStep'],
    'return franchiseAi.nextMailStep($input.all().map((item) => item.json), Date.now(), $runIndex).map((json) => ({ json }));',
  );
  const CLAIMED = "={{ $('Claim mail').first().json.id }}";
  const claim = update(
    'Claim mail',
    OUTBOX_TABLE,
    [
      ['id', 'eq', '={{ $json.id }}'],
      ['status', 'eq', MAIL_STATUS.pending],
    ],
    { status: MAIL_STATUS.sending },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const send: NodeSpec = {
    name: 'Send mail',
    type: 'n8n-nodes-base.emailSend',
    typeVersion: 2.1,
    onError: 'continueErrorOutput',
    credentials: { smtp: SMTP_CREDENTIAL },
    parameters: {
      resource: 'email',
      operation: 'send',
      fromEmail: '={{ $json.mailFrom }}',
      toEmail: '={{ $json.mailTo }}',
      subject: '={{ $json.subject }}',
      emailFormat: 'text',
      text: '={{ $json.text }}',
      // Plain text only (follow-up.ts), and no "sent automatically with n8n" line under it. The
      // invitation, when the item has one ("Invitation"), as a file: the node sets no part's type
      // nor any alternative, so it goes as text/calendar (from its name) without method=REQUEST.
      options: { appendAttribution: false, attachments: INVITATION_PROPERTY },
    },
  };
  const invitation = steps('Invitation', ['invitationStep'], 'return $input.all().map((item) => franchiseAi.invitationStep(item.json));');
  const sent = update(
    'Mark sent',
    OUTBOX_TABLE,
    [['id', 'eq', CLAIMED]],
    { status: MAIL_STATUS.sent, sentAt: '={{ new Date().toISOString() }}', error: '' },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const retry = steps(
    'Retry later',
    ['retryStep'],
    `return [{ json: franchiseAi.retryStep($('Claim mail').first().json, $input.first().json.error, Date.now()) }];`,
  );
  const reschedule = update(
    'Reschedule',
    OUTBOX_TABLE,
    [['id', 'eq', CLAIMED]],
    { status: '={{ $json.status }}', attempts: '={{ $json.attempts }}', nextAttemptAt: '={{ $json.nextAttemptAt }}', error: '={{ $json.error }}' },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const nodes = [
    schedule,
    createTable('Outbox table', OUTBOX_TABLE, OUTBOX_COLUMNS),
    due,
    next,
    claim,
    when('Claimed?', `$json.status === '${MAIL_STATUS.sending}'`),
    invitation,
    send,
    sent,
    retry,
    reschedule,
  ];
  return workflow(product, endpoint, nodes, [
    ['Every few seconds', 'Outbox table'],
    ['Outbox table', 'Due mails'],
    ['Due mails', 'Next mail'],
    ['Next mail', 'Claim mail'],
    ['Claim mail', 'Claimed?'],
    ['Claimed?', 'Invitation', 0],
    ['Invitation', 'Send mail'],
    ['Send mail', 'Mark sent', 0],
    ['Send mail', 'Retry later', 1],
    ['Retry later', 'Reschedule'],
    // Then the next due mail, until none is due or this run has sent MAILS_PER_RUN (nextMailStep).
    ['Mark sent', 'Due mails'],
    ['Reschedule', 'Due mails'],
    ['Claimed?', 'Due mails', 1],
  ]);
}

/**
 * assistant_sweep: every SWEEP_INTERVAL_MINUTES, the per-visitor assistants older than
 * their lifetime are deleted from the provider's account (shared assistant-cleanup.ts); a sweep that
 * could not do all fails its execution, which n8n keeps, and the next one goes on.
 */
function sweepWorkflow(product: string, steps: Steps): Workflow {
  const schedule: NodeSpec = {
    name: 'Every few minutes',
    type: 'n8n-nodes-base.scheduleTrigger',
    typeVersion: 1.2,
    parameters: { rule: { interval: [{ field: 'minutes', minutesInterval: SWEEP_INTERVAL_MINUTES }] } },
  };
  const sweep = steps('Sweep', ['providerRequest', 'sweepStep'], `return [{ json: await franchiseAi.sweepStep($env, ${PROVIDER_REQUEST}, Date.now()) }];`);
  return workflow(
    product,
    SWEEP_WORKFLOW,
    [schedule, sweep, when('Sweep failed?', '$json.failed > 0'), raise("$json.errors.join('; ')")],
    [
      ['Every few minutes', 'Sweep'],
      ['Sweep', 'Sweep failed?'],
      ['Sweep failed?', 'Raise', 0],
    ],
  );
}

/**
 * housekeeping: every HOUSEKEEPING_MINUTES, the keys past their 24 h and the hits past their window
 * deleted, and the profiles a stopped read left 'reading' settled 'interrupted' (housekeeping-step.ts).
 * A table not made yet fails its node, and the run goes on.
 */
function housekeepingWorkflow(product: string, steps: Steps): Workflow {
  const schedule: NodeSpec = {
    name: 'Every minute',
    type: 'n8n-nodes-base.scheduleTrigger',
    typeVersion: 1.2,
    parameters: { rule: { interval: [{ field: 'minutes', minutesInterval: HOUSEKEEPING_MINUTES }] } },
  };
  const CUT = "$('Cut-offs').first().json";
  const prune = (name: string, table: string, before: string) =>
    dataTable(
      name,
      { resource: 'row', operation: 'deleteRows', dataTableId: byName(table), ...where(['receivedAt', 'lt', `={{ ${CUT}.${before} }}`]), options: {} },
      { onError: 'continueRegularOutput', alwaysOutputData: true, executeOnce: true },
    );
  const stale = lookup('Stale readings', PROFILES_TABLE, ['status', 'eq', 'reading'], ['receivedAt', 'lt', `={{ ${CUT}.readingsBefore }}`]);
  const interrupted = steps(
    'Interrupted',
    ['abandonedReadings'],
    'return franchiseAi.abandonedReadings($input.all().map((item) => item.json), Date.now()).map((json) => ({ json }));',
  );
  const settleEach = update(
    'Settle readings',
    PROFILES_TABLE,
    [
      ['id', 'eq', '={{ $json.id }}'],
      ['status', 'eq', 'reading'],
    ],
    { status: '={{ $json.status }}', profile: '={{ $json.profile }}' },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  return workflow(
    product,
    HOUSEKEEPING_WORKFLOW,
    [
      schedule,
      steps('Cut-offs', ['housekeepingStep'], 'return [{ json: franchiseAi.housekeepingStep($env, Date.now()) }];'),
      prune('Expired keys', KEYS_TABLE, 'keysBefore'),
      prune('Old hits', HITS_TABLE, 'hitsBefore'),
      stale,
      interrupted,
      settleEach,
    ],
    [
      ['Every minute', 'Cut-offs'],
      ['Cut-offs', 'Expired keys'],
      ['Expired keys', 'Old hits'],
      ['Old hits', 'Stale readings'],
      ['Stale readings', 'Interrupted'],
      ['Interrupted', 'Settle readings'],
    ],
  );
}

/**
 * lead_outbox: every OUTBOX_SECONDS, the due lead.qualified events, one at a time, as mail_outbox
 * does its mails: claimed ('pending' → 'sending', an update that matches only a pending row), then
 * signed and posted (leadDeliveryStep), and the answer written back: 'delivered' on a 2xx, never sent
 * again; 'gone' on 410; else 'pending' after the backoff. Should n8n die between the post and the
 * write, the row stays 'sending' and is not sent again.
 */
function leadOutboxWorkflow(product: string, steps: Steps): Workflow {
  const schedule: NodeSpec = {
    name: 'Every few seconds',
    type: 'n8n-nodes-base.scheduleTrigger',
    typeVersion: 1.2,
    parameters: { rule: { interval: [{ field: 'seconds', secondsInterval: OUTBOX_SECONDS }] } },
  };
  const due = dataTable(
    'Due events',
    {
      resource: 'row',
      operation: 'get',
      dataTableId: byName(LEAD_OUTBOX_TABLE),
      ...where(['status', 'eq', LEAD_STATUS.pending], ['nextAttemptAt', 'lte', '={{ new Date().toISOString() }}']),
      returnAll: true,
    },
    { onError: 'continueRegularOutput', alwaysOutputData: true, executeOnce: true },
  );
  // nextMailStep picks by the columns both outboxes share: id, status 'pending', nextAttemptAt.
  const next = steps(
    'Next event',
    ['nextMailStep'],
    'return franchiseAi.nextMailStep($input.all().map((item) => item.json), Date.now(), $runIndex).map((json) => ({ json }));',
  );
  const claim = update(
    'Claim event',
    LEAD_OUTBOX_TABLE,
    [
      ['id', 'eq', '={{ $json.id }}'],
      ['status', 'eq', LEAD_STATUS.pending],
    ],
    { status: LEAD_STATUS.sending },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  const deliver = steps(
    'Deliver',
    ['leadDeliveryStep'],
    'return [{ json: await franchiseAi.leadDeliveryStep($input.first().json, $env, (options) => this.helpers.httpRequest(options), Date.now) }];',
  );
  const written = update(
    'Write answer',
    LEAD_OUTBOX_TABLE,
    [['id', 'eq', "={{ $('Claim event').first().json.id }}"]],
    {
      status: '={{ $json.status }}',
      attempts: '={{ $json.attempts }}',
      nextAttemptAt: '={{ $json.nextAttemptAt }}',
      sentAt: '={{ $json.sentAt }}',
      error: '={{ $json.error }}',
    },
    { onError: 'continueRegularOutput', alwaysOutputData: true },
  );
  return workflow(
    product,
    LEAD_OUTBOX_WORKFLOW,
    [
      schedule,
      createTable('Lead events table', LEAD_OUTBOX_TABLE, LEAD_OUTBOX_COLUMNS),
      due,
      next,
      claim,
      when('Claimed?', `$json.status === '${LEAD_STATUS.sending}'`),
      deliver,
      written,
    ],
    [
      ['Every few seconds', 'Lead events table'],
      ['Lead events table', 'Due events'],
      ['Due events', 'Next event'],
      ['Next event', 'Claim event'],
      ['Claim event', 'Claimed?'],
      ['Claimed?', 'Deliver', 0],
      ['Deliver', 'Write answer'],
      ['Write answer', 'Due events'],
      ['Claimed?', 'Due events', 1],
    ],
  );
}

/**
 * lead_hubspot: the documented HubSpot branch (README). A webhook for LEAD_WEBHOOK_URL that
 * verifies each event's signature over its raw body (hubspotStep), then n8n's HubSpot node creates
 * or updates the contact by e-mail and creates a deal on it. Imported inactive: the operator sets
 * the HubSpot credential and the deal stage, then activates it.
 */
function hubspotWorkflow(product: string, steps: Steps): Workflow {
  const webhook: NodeSpec = {
    ...webhookNode(product, HUBSPOT_WORKFLOW),
    parameters: { httpMethod: 'POST', path: `${product}/${HUBSPOT_WORKFLOW}`, responseMode: 'responseNode', options: { rawBody: true } },
  };
  const verify = steps(
    'Verify signature',
    ['hubspotStep'],
    "const raw = (await this.helpers.getBinaryDataBuffer(0, 'data')).toString('utf8');\nreturn [{ json: franchiseAi.hubspotStep($input.first().json.headers, raw, $env) }];",
  );
  const LEAD = "$('Verify signature').first().json";
  const contact: NodeSpec = {
    name: 'Contact',
    type: 'n8n-nodes-base.hubspot',
    typeVersion: 2.2,
    credentials: { hubspotAppToken: { id: '', name: 'HubSpot' } },
    parameters: {
      authentication: 'appToken',
      resource: 'contact',
      operation: 'upsert',
      email: `={{ ${LEAD}.contact.email }}`,
      additionalFields: {
        firstName: `={{ ${LEAD}.contact.firstName }}`,
        lastName: `={{ ${LEAD}.contact.lastName }}`,
        companyName: `={{ ${LEAD}.contact.company }}`,
        phoneNumber: `={{ ${LEAD}.contact.phoneNumber }}`,
        websiteUrl: `={{ ${LEAD}.contact.website }}`,
      },
    },
  };
  const deal: NodeSpec = {
    name: 'Deal',
    type: 'n8n-nodes-base.hubspot',
    typeVersion: 2.2,
    credentials: { hubspotAppToken: { id: '', name: 'HubSpot' } },
    parameters: {
      authentication: 'appToken',
      resource: 'deal',
      operation: 'create',
      // The operator's pipeline stage (e.g. "appointmentscheduled" in HubSpot's default pipeline).
      stage: 'appointmentscheduled',
      additionalFields: {
        dealName: `={{ ${LEAD}.deal.name }}`,
        description: `={{ ${LEAD}.deal.description }}`,
        associatedVids: "={{ String($('Contact').first().json.vid) }}",
      },
    },
  };
  return workflow(
    product,
    HUBSPOT_WORKFLOW,
    [webhook, verify, isTrue('Verified?'), respond('Refuse'), contact, deal, code('Done', 'return [{ json: { status: 204, body: {} } }];'), respond('Answer')],
    [
      ['Webhook', 'Verify signature'],
      ['Verify signature', 'Verified?'],
      ['Verified?', 'Contact', 0],
      ['Verified?', 'Refuse', 1],
      ['Contact', 'Deal'],
      ['Deal', 'Done'],
      ['Done', 'Answer'],
    ],
  );
}
