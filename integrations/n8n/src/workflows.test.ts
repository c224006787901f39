import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { WORKFLOWS_DIR, workflowFiles } from '../scripts/build-workflows.ts';
import { buildWorkflows, workflowId } from './workflows.ts';

// The committed workflows are what an n8n user imports: they must be exactly this build.
test('workflows/ holds exactly what `pnpm build:workflows` writes (run it after a change to src/)', async () => {
  const built = await workflowFiles();
  const committed = Object.fromEntries(readdirSync(WORKFLOWS_DIR).map((file) => [file, readFileSync(join(WORKFLOWS_DIR, file), 'utf8')]));
  expect(Object.keys(committed).sort()).toEqual(Object.keys(built).sort());
  for (const [file, text] of Object.entries(built)) expect(committed[file], file).toBe(text);
});

test('one workflow per webhook path, each at /webhook/{product}/{endpoint}, answering through its Respond nodes', () => {
  const workflows = buildWorkflows('/* bundle */', 'acme-demo');
  expect(Object.keys(workflows).map((endpoint) => `/${endpoint}`)).toEqual(Object.values(WEBHOOK_PATHS));
  for (const [endpoint, workflow] of Object.entries(workflows)) {
    const webhook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
    expect(webhook?.parameters).toMatchObject({ httpMethod: 'POST', path: `acme-demo/${endpoint}`, responseMode: 'responseNode' });
    expect(webhook?.webhookId).toMatch(/^[0-9a-f-]{36}$/);
    expect(workflow.id).toBe(workflowId('acme-demo', endpoint));
    expect(workflow.id).toMatch(/^[A-Za-z0-9]{16}$/);
    // Every node is reached from the webhook, and every end of the graph answers the request.
    const targets = new Set(Object.values(workflow.connections).flatMap(({ main }) => main.flat().map((edge) => edge.node)));
    expect(workflow.nodes.filter((node) => node !== webhook && !targets.has(node.name)).map((node) => node.name)).toEqual([]);
    const ends = workflow.nodes.filter((node) => !workflow.connections[node.name]);
    expect(ends.map((node) => node.type)).toEqual(ends.map(() => 'n8n-nodes-base.respondToWebhook'));
  }
});
