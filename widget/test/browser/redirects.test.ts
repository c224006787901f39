import { expect, test } from 'vitest';
import { button, copy, dataStep, fillForm, json, poll, recordedEvents, useStubHost, useSuite, VISITOR, WEBHOOK_PATHS, widget } from '../support/index.ts';
import { REDIRECT_REFUSED } from '../../src/webhooks/webhook-client.ts';

// A followed 307 re-posts the lead elsewhere, a followed 302 turns the POST into a GET: webhook requests refuse redirects (spec section 8).
const suite = useSuite({ hosts: {} });

// Where the redirect points: it counts whatever reaches it, and would answer it with success.
const target = useStubHost((_request, res) => json(res, 200, { ok: true }));
const redirector = useStubHost((request, res) => {
  res.writeHead(307, { Location: `${target.host.url}${request.path}` });
  res.end();
});

// Every redirect status for each call is src/webhooks/webhook-client.test.ts's (the flow takes it as any failure); here the browser's opaque redirect, as the visitor sees it.
test('demo_form answered 307: the spec message, the form stays, nothing reaches the target', async () => {
  const { page, consoleWarnings } = await suite.page({ webhookBase: redirector.host.webhookBase });
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.submitError);
  expect(await dataStep(page)).toBe('form');
  expect(redirector.host.requests.map((request) => [request.method, request.path.endsWith(WEBHOOK_PATHS.demoForm)])).toEqual([['POST', true]]);
  expect(target.host.requests).toEqual([]);
  expect(await recordedEvents(page, 'error')).toEqual([{ type: 'error', detail: { stage: 'submit', message: copy.submitError }, time: expect.any(Number) }]);
  await poll(() => consoleWarnings.join('\n')).toContain(REDIRECT_REFUSED);
});
