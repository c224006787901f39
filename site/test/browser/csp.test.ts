import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { PAGES } from '../../src/routes.ts';
import { BUILD_ENV } from '../support/build-env.ts';
import { useSite } from '../support/site.ts';

// The Content-Security-Policy docs/DEPLOYMENT.md gives for the site, read from its `csp` code block
// (so the document and this test cannot drift apart), served with `/`, `/demo` and `/embed`: no page
// may break it, before or after hydration, the live widget (its loader and the chunk the page
// preloads for it) included.
const site = useSite();

const DEPLOYMENT = readFileSync(new URL('../../../docs/DEPLOYMENT.md', import.meta.url), 'utf8');
const block = /```csp\n([^`]+)\n```/.exec(DEPLOYMENT);
if (!block) throw new Error('docs/DEPLOYMENT.md has no ```csp block');
// The document's placeholder for the webhook host is the origin the pages were built with.
const POLICY = block[1]!.replace('https://hooks.example.com', new URL(BUILD_ENV.VITE_WEBHOOK_BASE).origin);

/** Every violation the page reports (the event reaches the document from shadow roots too). */
const RECORD_VIOLATIONS = () => {
  const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
  document.addEventListener(
    'securitypolicyviolation',
    (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`),
    true,
  );
};

test.each([PAGES.landing.path, PAGES.demo.path, PAGES.embed.path])('%s breaks nothing of the documented policy', async (path) => {
  expect(POLICY).toMatch(/style-src 'self';/);
  const fixture = await site.open(path, {
    before: async (page) => {
      await page.addInitScript(RECORD_VIOLATIONS);
      await page.route(`${site.url}${path}`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': POLICY } });
      });
    },
  });
  const { page } = fixture;
  if (path === PAGES.embed.path) await page.locator('[data-builder-ready]').waitFor();
  if (path !== PAGES.landing.path) await widget(page).getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  expect(fixture.consoleErrors).toEqual([]);
});
