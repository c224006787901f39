// scripts/check-placeholders.mjs, the first step of `pnpm build`, run as the build runs it: a child
// process with an environment, and no VITE_* of this test run's own.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { PLACEHOLDER_DEFAULTS } from './placeholder-defaults.ts';

const SCRIPT = fileURLToPath(new URL('../scripts/check-placeholders.mjs', import.meta.url));
const SETTINGS = Object.keys(PLACEHOLDER_DEFAULTS);
const ALL_SET = Object.fromEntries(SETTINGS.map((setting) => [setting, `set-${setting.toLowerCase()}`]));

// The four runs go at once (test.concurrent): each child spends most of its ~1 s loading Vite, and
// in turn they took 4 s idle and over 20 s on a loaded machine (one alone took 12 s at load 36).
const RUN_TIMEOUT = 60_000;

function check(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && name !== 'STRICT_PLACEHOLDERS'));
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [SCRIPT], { env: { ...inherited, ...env }, encoding: 'utf8', timeout: RUN_TIMEOUT }, (_, stdout, stderr) =>
      resolve({ code: child.exitCode, stderr, stdout }),
    );
  });
}

test.concurrent('a default build warns naming each placeholder, and still succeeds', { timeout: RUN_TIMEOUT }, async () => {
  const { code, stderr } = await check({});
  expect(code).toBe(0);
  expect(stderr).toContain('WARNING: this build ships 9 placeholders');
  for (const setting of SETTINGS) expect(stderr, setting).toMatch(new RegExp(`^ {2}${setting} `, 'm'));
  expect(stderr).toContain('"[Jurisdiction]"');
  expect(stderr).toContain('"hello@franchise-ai.example"');
  expect(stderr).toContain('"+1 555 010 0100"');
});

test.concurrent('a set placeholder is not named', { timeout: RUN_TIMEOUT }, async () => {
  const { code, stderr } = await check({ VITE_PHONE_US: '+1 212 555 0142', VITE_JURISDICTION: 'the State of New York' });
  expect(code).toBe(0);
  expect(stderr).toContain('ships 7 placeholders');
  expect(stderr).not.toContain('VITE_PHONE_US');
  expect(stderr).not.toContain('VITE_JURISDICTION');
  expect(stderr).toContain('VITE_PHONE_FR');
});

test.concurrent('STRICT_PLACEHOLDERS=1 fails the build with the same list', { timeout: RUN_TIMEOUT }, async () => {
  const { code, stderr } = await check({ ...ALL_SET, VITE_LEGAL_EMAIL: '', STRICT_PLACEHOLDERS: '1' });
  expect(code).toBe(1);
  expect(stderr).toContain('ERROR: this build ships 1 placeholder;');
  expect(stderr).toMatch(/^ {2}VITE_LEGAL_EMAIL +terms page's contact e-mail; ships "legal@franchise-ai\.example"$/m);
});

test.concurrent('STRICT_PLACEHOLDERS=1 with every placeholder set passes quietly', { timeout: RUN_TIMEOUT }, async () => {
  const { code, stderr, stdout } = await check({ ...ALL_SET, STRICT_PLACEHOLDERS: '1' });
  expect(code).toBe(0);
  expect(stderr).toBe('');
  expect(stdout).toContain('placeholders: every one is set');
});
