import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { smtpCredentials, WORKFLOWS } from './n8n-workflows.ts';

// How the tests' n8n gets the committed workflows: with n8n's own CLI, as an operator does
// (integrations/n8n/README.md). Every CLI call loads all of n8n (seconds of CPU,
// docs/PERFORMANCE.md) and the first one migrates a new database, so on SQLite the import and
// publish run once into a user folder kept in n8n's cache, and each start copies it
// (userFolderFromTemplate).

const cli = (bin: string, env: Record<string, string>, ...args: string[]) => {
  const result = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
};

/** The workflow files as one list (one import call for all of them), as the files' own lists are. */
const workflowList = (): Array<{ id: string }> =>
  readdirSync(WORKFLOWS)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => JSON.parse(readFileSync(join(WORKFLOWS, name), 'utf8')) as Array<{ id: string }>);

/**
 * Imports every workflow file, then publishes each workflow: all before any start, as a running n8n
 * notices neither (integrations/n8n/README.md, "Import and publish").
 */
export function importAndPublish(bin: string, env: Record<string, string>): void {
  const folder = mkdtempSync(join(tmpdir(), 'fad-import-'));
  try {
    const workflows = workflowList();
    writeFileSync(join(folder, 'workflows.json'), JSON.stringify(workflows));
    cli(bin, env, 'import:workflow', `--input=${join(folder, 'workflows.json')}`);
    for (const { id } of workflows) cli(bin, env, 'publish:workflow', `--id=${id}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The follow-up mails' SMTP credentials made from SMTP_URL and imported with the CLI, as
 * integrations/n8n/README.md says an operator does.
 */
export function importSmtpCredentials(bin: string, env: Record<string, string>, smtpUrl: string): void {
  const folder = mkdtempSync(join(tmpdir(), 'fad-import-'));
  try {
    const file = join(folder, 'smtp.json');
    writeFileSync(file, JSON.stringify(smtpCredentials(smtpUrl)), { mode: 0o600 });
    cli(bin, env, 'import:credentials', `--input=${file}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * What the imported database depends on, so that a change of any of it makes a new template: n8n's
 * version, the workflow files, how they are imported (this function's and importAndPublish's source)
 * and n8n's own settings (`n8nEnv`: no PATH or HOME, no workflow settings, which the import does not read).
 */
export function templateKey(bin: string, n8nEnv: Record<string, string>): string {
  const { version } = JSON.parse(readFileSync(join(dirname(bin), '..', 'package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256')
    .update(JSON.stringify({ version, workflows: workflowList(), recipe: importAndPublish.toString(), n8nEnv: Object.entries(n8nEnv).sort() }))
    .digest('hex');
  return `${version}-${hash.slice(0, 16)}`;
}

/**
 * Fills `home` (a new user folder) with a copy of the template for `key`: n8n's database migrated,
 * the workflows imported and published. The template is made on first use, beside the n8n install
 * (bin is `<cache>/node_modules/n8n/bin/n8n`), built in a folder of its own and renamed into place,
 * so that two test processes making it at once each get a whole one.
 */
export function userFolderFromTemplate(bin: string, n8nEnv: Record<string, string>, home: string): void {
  const templates = join(dirname(bin), '..', '..', '..', 'user-folders');
  const template = join(templates, templateKey(bin, n8nEnv));
  if (!existsSync(template)) {
    mkdirSync(templates, { recursive: true });
    const building = mkdtempSync(join(templates, '.building-'));
    try {
      importAndPublish(bin, { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...n8nEnv, HOME: building, N8N_USER_FOLDER: building });
      renameSync(building, template);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      // Another process renamed its own into place first: use that one.
      if (!existsSync(template)) throw error;
    }
  }
  cpSync(template, home, { recursive: true });
}
