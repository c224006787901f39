import { expect, test } from 'vitest';
import { button, copy, dataStep, fillForm, heading, json, poll, reachCongratulations, recordedEvents, schedulePhoneCall } from '../support/index.ts';
import { type StubHost, useStubHost, useSuite, VISITOR, WEBHOOK_PATHS, widget } from '../support/index.ts';
import { REDIRECT_REFUSED } from '../../src/webhooks/webhook-client.ts';

// A followed 307 re-posts the lead elsewhere, a followed 302 turns the POST into a GET: webhook requests refuse redirects (spec section 8).
const suite = useSuite();

// Where the redirects point: it counts whatever reaches it, and would answer it all with success.
const target = useStubHost((_request, res) => json(res, 200, { ok: true, assistantId: 'asst_from_target' }));
/** `/webhook/{call}-{status}/...` says which call redirects and how; every other call is answered ok. */
const redirector = useStubHost((request, res) => {
  const [, , product = '', endpoint = ''] = request.path.split('/');
  const [call, status] = product.split('-');
  if (`/${endpoint}` !== WEBHOOK_PATHS[call as keyof typeof WEBHOOK_PATHS]) return json(res, 200, { ok: true, assistantId: 'asst_direct' });
  res.writeHead(Number(status), { Location: `${target.host.url}${request.path}` });
  res.end();
});
const reachedTarget = (host: StubHost, product: string) => host.requests.filter((request) => request.path.includes(`/webhook/${product}/`));
const open = (product: string, clock = false) => suite.page({ webhookBase: `${redirector.host.url}/webhook/${product}`, clock });

// Every redirect status for each call is src/webhooks/webhook-client.test.ts's; here one per endpoint, as the visitor sees it.
test('demo_form answered 307: the spec message, the form stays, nothing reaches the target', async () => {
  const product = 'demoForm-307';
  const { page, consoleWarnings } = await open(product);
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.submitError);
  expect(await dataStep(page)).toBe('form');
  expect(reachedTarget(redirector.host, product).map((request) => request.method)).toEqual(['POST']);
  expect(reachedTarget(target.host, product)).toEqual([]);
  expect(await recordedEvents(page, 'error')).toEqual([{ type: 'error', detail: { stage: 'submit', message: copy.submitError }, time: expect.any(Number) }]);
  await poll(() => consoleWarnings.join('\n')).toContain(REDIRECT_REFUSED);
});

test("website_demo_call answered 307: 'Error getting assistant', nothing reaches the target", async () => {
  const product = 'websiteDemoCall-307';
  const { page, consoleWarnings } = await open(product, true);
  await reachCongratulations(page);
  await button(page, copy.browserButton).click();
  await heading(page, `Welcome, ${VISITOR.name}!`).waitFor();
  await poll(() => widget(page).getByRole('status').innerText()).toBe(copy.statusAssistantError);
  expect(await button(page, copy.noAssistantButton).isDisabled()).toBe(true);
  expect(reachedTarget(target.host, product)).toEqual([]);
  await poll(() => consoleWarnings.join('\n')).toContain(REDIRECT_REFUSED);
});

test('trigger_ai_demo_call answered 307: only logged, the visitor moves on to a step that says the call could not be confirmed, nothing reaches the target', async () => {
  const product = 'triggerDemoCall-307';
  const { page, consoleWarnings } = await open(product, true);
  await reachCongratulations(page);
  await button(page, copy.scheduleCall).click();
  await schedulePhoneCall(page);
  await heading(page, copy.callUnconfirmedHeading).waitFor();
  await poll(async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: false, refused: false, placed: false }]);
  expect(reachedTarget(target.host, product)).toEqual([]);
  await poll(() => consoleWarnings.join('\n')).toContain(REDIRECT_REFUSED);
});
