import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { BODY_REFUSALS } from '@franchise-ai/shared/request-body';
import { parseEnvFile } from './env-file.ts';

// What a harness that runs these workflows on a real n8n takes from this package: the workflow
// files, the settings every n8n process starts with, the SMTP credentials' shape, and the answer
// that says the workflows are live. The harness itself is test-support's (src/n8n-process.ts,
// src/n8n-import.ts), which reaches this module through its one bridge, src/n8n-workflows.ts.

export { parseEnvFile } from './env-file.ts';
export { smtpCredentials } from './smtp-credentials.ts';

/** The committed workflow files (build-workflows.ts writes them), each a list of workflows. */
export const WORKFLOWS = fileURLToPath(new URL('../workflows/', import.meta.url));
/** The queue-mode settings every process gets (documented in the file). */
export const QUEUE_MODE_ENV = fileURLToPath(new URL('../queue/queue-mode.env', import.meta.url));
/** What every n8n keeps of the requests: the payload cap and the pruning (documented in the file). */
export const EXECUTION_DATA_ENV = fileURLToPath(new URL('../execution-data.env', import.meta.url));

export const executionDataEnv = (file = readFileSync(EXECUTION_DATA_ENV, 'utf8')): Record<string, string> => parseEnvFile(file);

/**
 * The post that tells whether the workflows are live: demo_form answers an empty, untyped post
 * at `path` with `refusal` (and stores nothing).
 */
export const READINESS_PROBE = { path: WEBHOOK_PATHS.demoForm, refusal: BODY_REFUSALS.notJson } as const;
