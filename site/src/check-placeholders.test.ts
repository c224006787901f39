// scripts/check-placeholders.mjs, the first step of `pnpm build`, run as the build runs it: a child
// process with an environment, and no VITE_* of this test run's own.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { PLACEHOLDER_DEFAULTS } from './placeholder-defaults.ts';

const SCRIPT = fileURLToPath(new URL('../scripts/check-placeholders.mjs', import.meta.url));
const SETTINGS = Object.keys(PLACEHOLDER_DEFAULTS);
const ALL_SET = {
  ...Object.fromEntries(SETTINGS.map((setting) => [setting, `set-${setting.toLowerCase()}`])),
  VITE_WEBHOOK_BASE: 'https://hooks.franchise-ai.com/webhook/franchise-ai',
  VITE_SITE_URL: 'https://www.franchise-ai.com',
};
/** What the test command builds the site with (its pages post to webhook-host.test). */
const TEST_SETTINGS = JSON.parse(readFileSync(new URL('../test/support/build-env.json', import.meta.url), 'utf8')) as Record<string, string>;

// The runs go at once (test.concurrent): each child spends most of its ~1 s loading Vite, and
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
  expect(stderr).toMatch(/^ {2}VITE_LEGAL_EMAIL +terms page's contact email; ships "legal@franchise-ai\.example"$/m);
});

test.concurrent('STRICT_PLACEHOLDERS=1 with every placeholder set passes quietly', { timeout: RUN_TIMEOUT }, async () => {
  const { code, stderr, stdout } = await check({ ...ALL_SET, STRICT_PLACEHOLDERS: '1' });
  expect(code).toBe(0);
  expect(stderr).toBe('');
  expect(stdout).toContain('placeholders: every one is set');
});

test.concurrent("the test command's settings (.test addresses) pass as placeholders, and fail the build with STRICT_PLACEHOLDERS=1 naming both", {
  timeout: RUN_TIMEOUT,
}, async () => {
  const { code, stderr, stdout } = await check({ ...TEST_SETTINGS, STRICT_PLACEHOLDERS: '1' });
  expect(code).toBe(1);
  expect(stdout).toContain('placeholders: every one is set');
  expect(stderr).toContain('ERROR: this build must not ship: 2 settings name addresses no visitor can reach:');
  expect(stderr).toMatch(/^ {2}VITE_WEBHOOK_BASE = "http:\/\/webhook-host\.test\/webhook\/franchise-ai": a \.test name/m);
  expect(stderr).toMatch(/^ {2}VITE_SITE_URL = "https:\/\/franchise-ai\.test": a \.test name/m);
});

test.concurrent('a loopback webhook base warns loudly without STRICT_PLACEHOLDERS, and the build goes on', { timeout: RUN_TIMEOUT }, async () => {
  const { code, stderr } = await check({ ...ALL_SET, VITE_WEBHOOK_BASE: 'http://localhost:8787/webhook/franchise-ai' });
  expect(code).toBe(0);
  expect(stderr).toContain('WARNING: this build must not ship: a setting names an address no visitor can reach:');
  expect(stderr).toContain(`VITE_WEBHOOK_BASE = "http://localhost:8787/webhook/franchise-ai": the visitor's own machine`);
  expect(stderr).not.toContain('VITE_SITE_URL');
});

test.concurrent('an .example site URL, set as the docs spell the placeholder, fails with STRICT_PLACEHOLDERS=1 as the unset one does', {
  timeout: RUN_TIMEOUT,
}, async () => {
  const { code, stderr } = await check({ ...ALL_SET, VITE_SITE_URL: 'https://franchise-ai.example', STRICT_PLACEHOLDERS: '1' });
  expect(code).toBe(1);
  expect(stderr).toContain('VITE_SITE_URL = "https://franchise-ai.example": an .example name');
});
