import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { templateKey, userFolderFromTemplate } from './n8n-import.ts';
import { WORKFLOWS } from './n8n-workflows.ts';

// The user-folder template without n8n: a stand-in CLI at n8n's place in a cache folder that logs
// each call into the user folder's database file, as n8n's CLI writes its database.
let cache: string;
let bin: string;
const N8N_ENV = { N8N_ENCRYPTION_KEY: 'k', DB_TYPE: 'sqlite' };

beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'fad-n8n-import-test-'));
  mkdirSync(join(cache, 'node_modules', 'n8n', 'bin'), { recursive: true });
  writeFileSync(join(cache, 'node_modules', 'n8n', 'package.json'), JSON.stringify({ version: '2.8.4' }));
  bin = join(cache, 'node_modules', 'n8n', 'bin', 'n8n');
  writeFileSync(
    bin,
    `const fs = require('fs'); const dir = process.env.N8N_USER_FOLDER + '/.n8n'; fs.mkdirSync(dir, { recursive: true });
fs.appendFileSync(dir + '/database.sqlite', process.argv[2] + '\\n');`,
  );
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

const calls = (home: string) =>
  readFileSync(join(home, '.n8n', 'database.sqlite'), 'utf8')
    .trim()
    .split('\n');
const newHome = () => mkdtempSync(join(cache, 'home-'));

test('the first start imports and publishes every workflow into the template; the next ones copy it and call no CLI', () => {
  const first = newHome();
  userFolderFromTemplate(bin, N8N_ENV, first);
  const workflowCount = readdirSync(WORKFLOWS).filter((name) => name.endsWith('.json')).length;
  expect(calls(first)).toEqual(['import:workflow', ...Array(workflowCount).fill('publish:workflow')]);

  // The CLI gone: a second start still gets the same folder, so it called nothing.
  rmSync(bin);
  const second = newHome();
  userFolderFromTemplate(bin, N8N_ENV, second);
  expect(calls(second)).toEqual(calls(first));
  // Its own copy: what one n8n writes does not reach the template or another start.
  writeFileSync(join(second, '.n8n', 'database.sqlite'), 'changed');
  const third = newHome();
  userFolderFromTemplate(bin, N8N_ENV, third);
  expect(calls(third)).toEqual(calls(first));
}, 30_000); // seven node processes: seconds on a loaded machine

test('another n8n version or other n8n settings make another template', () => {
  const key = templateKey(bin, N8N_ENV);
  expect(templateKey(bin, { ...N8N_ENV })).toBe(key);
  expect(templateKey(bin, { ...N8N_ENV, N8N_ENCRYPTION_KEY: 'other' })).not.toBe(key);
  writeFileSync(join(cache, 'node_modules', 'n8n', 'package.json'), JSON.stringify({ version: '2.8.5' }));
  expect(templateKey(bin, N8N_ENV)).not.toBe(key);
});

test('a failed import leaves no template behind, so the next start tries again', () => {
  writeFileSync(bin, 'process.exit(3);');
  expect(() => userFolderFromTemplate(bin, N8N_ENV, newHome())).toThrow(/import:workflow .* failed \(exit 3\)/);
  expect(existsSync(join(cache, 'user-folders', templateKey(bin, N8N_ENV)))).toBe(false);
  expect(readdirSync(join(cache, 'user-folders'))).toEqual([]);
}, 30_000);
