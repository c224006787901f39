import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { WORKFLOWS_DIR, workflowFiles } from '../scripts/build-workflows.ts';
import {
  buildWorkflows,
  CHAT_IDLE_WORKFLOW,
  HOUSEKEEPING_WORKFLOW,
  HUBSPOT_WORKFLOW,
  LEAD_OUTBOX_WORKFLOW,
  OUTBOX_WORKFLOW,
  SWEEP_WORKFLOW,
  workflowId,
} from './workflows.ts';

// The committed workflows are what an n8n user imports: they must be exactly this build.
test('workflows/ holds exactly what `pnpm build:workflows` writes (run it after a change to src/)', async () => {
  const built = await workflowFiles();
  const committed = Object.fromEntries(readdirSync(WORKFLOWS_DIR).map((file) => [file, readFileSync(join(WORKFLOWS_DIR, file), 'utf8')]));
  expect(Object.keys(committed).sort()).toEqual(Object.keys(built).sort());
  for (const [file, text] of Object.entries(built)) expect(committed[file], file).toBe(text);
}, 30_000); // one esbuild run for every step set (bundleStepSets): 3 s on a loaded 2-core machine

test('one workflow per webhook path, each at /webhook/{product}/{endpoint}, answering through its Respond nodes; and the mail outbox, the assistant sweep and the housekeeping', () => {
  const {
    [OUTBOX_WORKFLOW]: outbox,
    [SWEEP_WORKFLOW]: sweep,
    [HOUSEKEEPING_WORKFLOW]: housekeeping,
    [LEAD_OUTBOX_WORKFLOW]: leadOutbox,
    [HUBSPOT_WORKFLOW]: hubspot,
    [CHAT_IDLE_WORKFLOW]: chatIdle,
    ...workflows
  } = buildWorkflows(() => '/* bundle */', 'acme-demo');
  expect(chatIdle?.nodes[0]?.type).toBe('n8n-nodes-base.scheduleTrigger');
  expect(leadOutbox?.nodes[0]?.type).toBe('n8n-nodes-base.scheduleTrigger');
  expect(hubspot?.nodes[0]?.parameters).toMatchObject({ path: `acme-demo/${HUBSPOT_WORKFLOW}`, options: { rawBody: true } });
  expect(sweep?.nodes[0]?.type).toBe('n8n-nodes-base.scheduleTrigger');
  expect(housekeeping?.nodes[0]?.type).toBe('n8n-nodes-base.scheduleTrigger');
  expect(
    Object.keys(workflows)
      .map((endpoint) => `/${endpoint}`)
      .sort(),
  ).toEqual(Object.values(WEBHOOK_PATHS).sort());
  expect(outbox?.nodes[0]?.type).toBe('n8n-nodes-base.scheduleTrigger');
  for (const [endpoint, workflow] of Object.entries(workflows)) {
    const webhook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
    expect(webhook?.parameters).toMatchObject({ httpMethod: 'POST', path: `acme-demo/${endpoint}`, responseMode: 'responseNode' });
    expect(webhook?.webhookId).toMatch(/^[0-9a-f-]{36}$/);
    expect(workflow.id).toBe(workflowId('acme-demo', endpoint));
    expect(workflow.id).toMatch(/^[A-Za-z0-9]{16}$/);
    // n8n keeps no execution that ended normally, so no copy of a request outside the Data Tables.
    expect(workflow.settings).toMatchObject({ saveDataSuccessExecution: 'none', saveExecutionProgress: false, saveManualExecutions: false });
    // Every node is reached from the webhook, and every end of the graph answers the request or
    // comes after an answer (demo_form reads the site once it has answered).
    const targets = new Set(Object.values(workflow.connections).flatMap(({ main }) => main.flat().map((edge) => edge.node)));
    expect(workflow.nodes.filter((node) => node !== webhook && !targets.has(node.name)).map((node) => node.name)).toEqual([]);
    const before = (name: string): string[] =>
      Object.entries(workflow.connections)
        .filter(([, { main }]) => main.flat().some((edge) => edge.node === name))
        .map(([from]) => from);
    // A node met again is on a loop (a recount, the wait for a read slot): the paths into the loop decide.
    const answered = (name: string, seen = new Set<string>()): boolean =>
      workflow.nodes.find((node) => node.name === name)?.type === 'n8n-nodes-base.respondToWebhook' ||
      seen.has(name) ||
      (seen.add(name) && before(name).length > 0 && before(name).every((from) => answered(from, seen)));
    const ends = workflow.nodes.filter((node) => !workflow.connections[node.name]);
    expect(ends.filter((node) => !answered(node.name)).map((node) => node.name)).toEqual([]);
  }
});

test('each Code node carries the bundle of exactly the steps it calls', () => {
  const workflows = buildWorkflows((names) => `/* bundle: ${names.join(',')} */`);
  for (const workflow of Object.values(workflows)) {
    for (const node of workflow.nodes.filter((candidate) => candidate.type === 'n8n-nodes-base.code')) {
      const code = String(node.parameters['jsCode']);
      const called = [...new Set([...code.matchAll(/franchiseAi\.(\w+)/g)].map((match) => match[1]))].sort();
      const bundled = /\/\* bundle: ([\w,]+) \*\//.exec(code)?.[1]?.split(',').sort() ?? [];
      expect(bundled, `${workflow.name}: ${node.name}`).toEqual(called);
    }
  }
});

test('trigger_ai_demo_call claims, counts, then stores and calls; every failure after the claim drops it', () => {
  const { trigger_ai_demo_call: workflow } = buildWorkflows(() => '');
  const next = (name: string, output = 0) => workflow!.connections[name]?.main[output]?.map((edge) => edge.node) ?? [];
  const path: string[] = [];
  for (let node = 'Webhook'; node; node = next(node)[0]!) path.push(node);
  expect(path).toEqual([
    'Webhook',
    'Check request',
    'Accepted?',
    'Request key',
    'Key valid?',
    'Keyed?',
    'Keys table',
    'Key row',
    'Claim key',
    'Same key',
    'Key decision',
    'Fresh key?',
    'Leads table',
    'Calls table',
    'Claim row',
    'Claim',
    'Calls in window',
    'Limits',
    'Within limits?',
    'Row',
    'Store lead',
    'Profile',
    'Call',
    'Settle',
    'Keep answer',
    'Answer',
    'Links table',
    'Link row',
    'Store link',
  ]);
  expect(next('Within limits?', 1)).toEqual(['Recount?']);
  expect([next('Recount?'), next('Recount'), next('Recount?', 1)]).toEqual([['Recount'], ['Calls in window'], ['Drop claim']]);
  expect(next('Drop claim')).toEqual(['Keep too many']);
  expect(next('Keep too many')).toEqual(['Too many']);
  // Without a key: straight to the work. A repeat: its claim dropped, then replayed or refused.
  expect(next('Keyed?', 1)).toEqual(['Leads table']);
  expect([next('Fresh key?', 1), next('Look again?'), next('Look again'), next('Look again?', 1)]).toEqual([
    ['Look again?'],
    ['Look again'],
    ['Same key'],
    ['Drop key claim'],
  ]);
  expect([next('Drop key claim'), next('Replay?'), next('Replay?', 1)]).toEqual([['Replay?'], ['Replay'], ['Key refused']]);
  expect([next('Claim key', 1), next('Same key', 1), next('Not stored')]).toEqual([['Not stored'], ['Not stored'], ['Keep unavailable']]);
  expect([next('Calls in window', 1), next('Store lead', 1)]).toEqual([['Release claim'], ['Release claim']]);
  expect([next('Claim', 1), next('Release claim')]).toEqual([['Not stored'], ['Not stored']]);
});

test("demo_form reads the site after its answer, stores the profile whatever the read gave, then raises a read's error", () => {
  const { demo_form: workflow } = buildWorkflows(() => '');
  const next = (name: string, output = 0) => workflow!.connections[name]?.main[output]?.map((edge) => edge.node) ?? [];
  expect([next('Answer'), next('Readings'), next('Read slot'), next('Slot free?', 1), next('Wait for a slot')]).toEqual([
    ['Readings'],
    ['Read slot'],
    ['Slot free?'],
    ['Wait for a slot'],
    ['Readings'],
  ]);
  expect([next('Slot free?'), next('Read site'), next('Store profile'), next('Read failed?'), next('Read failed?', 1)]).toEqual([
    ['Read site'],
    ['Store profile'],
    ['Read failed?'],
    ['Raise'],
    [],
  ]);
  const node = (name: string) => workflow!.nodes.find((candidate) => candidate.name === name)!;
  // Read site never throws (profileStep): its item is always there for Store profile and the check.
  expect(node('Read site').onError).toBeUndefined();
  expect(node('Raise')).toMatchObject({
    type: 'n8n-nodes-base.stopAndError',
    parameters: { errorType: 'errorMessage', errorMessage: "={{ $('Read site').first().json.error }}" },
  });
});

test('call_events stores, keeps the first delivery, queues the mails before it answers; every failure to store drops the event and answers 503; it answers tool calls', () => {
  const { call_events: workflow } = buildWorkflows(() => '');
  const next = (name: string, output = 0) => workflow!.connections[name]?.main[output]?.map((edge) => edge.node) ?? [];
  /** The nodes from the webhook on, down the first output of each but those `outputs` name. */
  const walk = (outputs: Record<string, number>) => {
    const path: string[] = [];
    for (let node = 'Webhook'; node; node = next(node, outputs[node] ?? 0)[0]!) path.push(node);
    return path;
  };
  expect(walk({ 'Tool calls?': 1, 'For the tools?': 1 })).toEqual([
    'Webhook',
    'Check event',
    'Tool calls?',
    'Store?',
    'Events table',
    'Event row',
    'Store event',
    'Same event',
    'First?',
    'First delivery?',
    'Report?',
    'Call row',
    'Link',
    'Demo',
    'Lead',
    'For the tools?',
    'Call booking',
    'Call territory',
    'Outbox table',
    'Follow-up',
    'Mail?',
    'Mails',
    'Queue mails',
    'Lead events table',
    'Lead event',
    'Lead event?',
    'Lead event row',
    'Queue lead event',
    'Answer',
    // After the answer: the browser call's assistant, deleted; a failure fails the execution, which n8n keeps.
    'Clean up',
    'Clean-up failed?',
    'Raise',
  ]);
  // A tool-calls message: the same lookups of the call's lead (a chat's by its id), the tools answered, then the territory answers and the booking stored.
  expect(walk({})).toEqual([
    'Webhook',
    'Check event',
    'Tool calls?',
    'Call row',
    'Link',
    'Demo',
    'Lead',
    'For the tools?',
    'Chat lead',
    'Chat demo',
    'Territory call?',
    'Territory file',
    'Territory text',
    'Tool answers',
    'Answer tools',
    'Checked?',
    'Territory checks table',
    'Check rows',
    'Store checks',
    'Booked?',
    'Bookings table',
    'Booking rows',
    'Store booking',
    'Tool problems?',
    'Tool problem',
  ]);
  expect([next('Territory call?', 1), next('Checked?', 1), next('Booked?', 1), next('Store booking', 1)]).toEqual([
    ['Tool answers'],
    ['Booked?'],
    ['Tool problems?'],
    ['Booking lost'],
  ]);
  expect([next('Store?', 1), next('First delivery?', 1), next('Drop duplicate'), next('Report?', 1), next('Mail?', 1), next('Lead event?', 1)]).toEqual([
    ['Refuse'],
    ['Drop duplicate'],
    ['Duplicate'],
    ['Stored'],
    ['Lead events table'],
    ['Answer'],
  ]);
  expect([next('Store event', 1), next('Same event', 1), next('Queue mails', 1), next('Queue lead event', 1), next('Drop event')]).toEqual([
    ['Not stored'],
    ['Drop event'],
    ['Drop event'],
    ['Drop event'],
    ['Not stored'],
  ]);
});

test("mail_outbox claims a due mail before sending it, with its invitation attached, marks it sent, or reschedules it from the Send Email node's error output", () => {
  const { [OUTBOX_WORKFLOW]: workflow } = buildWorkflows(() => '');
  const next = (name: string, output = 0) => workflow!.connections[name]?.main[output]?.map((edge) => edge.node) ?? [];
  expect([
    next('Due mails'),
    next('Next mail'),
    next('Claim mail'),
    next('Claimed?'),
    next('Invitation'),
    next('Send mail'),
    next('Send mail', 1),
    next('Retry later'),
  ]).toEqual([['Next mail'], ['Claim mail'], ['Claimed?'], ['Invitation'], ['Send mail'], ['Mark sent'], ['Retry later'], ['Reschedule']]);
  const node = (name: string) => workflow!.nodes.find((candidate) => candidate.name === name)!;
  expect(node('Send mail')).toMatchObject({
    type: 'n8n-nodes-base.emailSend',
    onError: 'continueErrorOutput',
    parameters: { emailFormat: 'text', options: { appendAttribution: false, attachments: 'invite' } },
  });
  expect(node('Claim mail').parameters).toMatchObject({
    operation: 'update',
    filters: { conditions: [{ keyName: 'id' }, { keyName: 'status', condition: 'eq', keyValue: 'pending' }] },
  });
});

test('lead_outbox claims a due event before delivering it, then writes back what the receiver answered', () => {
  const { [LEAD_OUTBOX_WORKFLOW]: workflow } = buildWorkflows(() => '');
  const next = (name: string, output = 0) => workflow!.connections[name]?.main[output]?.map((edge) => edge.node) ?? [];
  expect([next('Due events'), next('Next event'), next('Claim event'), next('Claimed?'), next('Claimed?', 1), next('Deliver'), next('Write answer')]).toEqual([
    ['Next event'],
    ['Claim event'],
    ['Claimed?'],
    ['Deliver'],
    ['Due events'],
    ['Write answer'],
    ['Due events'],
  ]);
  expect(workflow!.nodes.find((node) => node.name === 'Claim event')!.parameters).toMatchObject({
    operation: 'update',
    filters: { conditions: [{ keyName: 'id' }, { keyName: 'status', condition: 'eq', keyValue: 'pending' }] },
  });
});

test('lead_hubspot verifies the signature, then upserts the contact by e-mail and creates a deal with the HubSpot node', () => {
  const { [HUBSPOT_WORKFLOW]: workflow } = buildWorkflows(() => '');
  const next = (name: string, output = 0) => workflow!.connections[name]?.main[output]?.map((edge) => edge.node) ?? [];
  expect([next('Webhook'), next('Verify signature'), next('Verified?'), next('Verified?', 1), next('Contact'), next('Deal')]).toEqual([
    ['Verify signature'],
    ['Verified?'],
    ['Contact'],
    ['Refuse'],
    ['Deal'],
    ['Done'],
  ]);
  const node = (name: string) => workflow!.nodes.find((candidate) => candidate.name === name)!;
  expect(node('Contact')).toMatchObject({ type: 'n8n-nodes-base.hubspot', parameters: { resource: 'contact', operation: 'upsert' } });
  expect(node('Deal')).toMatchObject({ type: 'n8n-nodes-base.hubspot', parameters: { resource: 'deal', operation: 'create' } });
  expect(workflow!.active).toBe(false);
});

test('assistant_sweep deletes the per-visitor assistants on a schedule, and fails its execution when it could not', () => {
  const { [SWEEP_WORKFLOW]: workflow } = buildWorkflows(() => '');
  const next = (name: string, output = 0) => workflow!.connections[name]?.main[output]?.map((edge) => edge.node) ?? [];
  expect([next('Every few minutes'), next('Sweep'), next('Sweep failed?'), next('Sweep failed?', 1)]).toEqual([['Sweep'], ['Sweep failed?'], ['Raise'], []]);
  expect(workflow!.nodes[0]!.parameters).toEqual({ rule: { interval: [{ field: 'minutes', minutesInterval: 10 }] } });
});

test('chat_message: the checks, the client limit, the decision and the counted turn come before the provider; a chat is ended only by the first end claimed', () => {
  const built = buildWorkflows(() => '');
  const ancestors = (workflow: keyof typeof built, name: string, seen = new Set<string>()): Set<string> => {
    for (const [from, { main }] of Object.entries(built[workflow]!.connections))
      if (main.flat().some((edge) => edge.node === name) && !seen.has(from)) ancestors(workflow, from, seen.add(from));
    return seen;
  };
  const beforeAgent = ancestors('chat_message', 'Agent');
  expect(['Check request', 'Within client limit?', 'Chat decision', 'Claim turn', 'Within turns?'].filter((name) => !beforeAgent.has(name))).toEqual([]);
  for (const workflow of ['chat_message', CHAT_IDLE_WORKFLOW] as const) {
    const beforeMails = ancestors(workflow, 'Queue chat mails');
    expect(['Claim end', 'First end?', 'Close chat', 'Won end?', 'Chat report'].filter((name) => !beforeMails.has(name))).toEqual([]);
  }
});
