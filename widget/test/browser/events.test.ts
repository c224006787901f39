import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AGENT_ID_LENGTH, AGENT_ID_PREFIX, agentIdShown, button, callMeButton, copy, dataLayer, DATALAYER_UNTIL_READY, dataStep } from '../support/index.ts';
import { endCall, expectNoPersonalData, heading, poll, reachBrowserCall, reachCongratulations, type RecordedEvent, recordedEvents } from '../support/index.ts';
import { schedulePhoneCall, startCall, useSuite, VISITOR, widget } from '../support/index.ts';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { WIDGET } from '../support/build-widget.ts';

// The events contract: CustomEvents on the host element, bubbling and composed, never on window (record-document-events.js listens on both).
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: { main: {}, triggerFails: { FAIL: 'trigger_ai_demo_call:500' } } });
interface DocumentEvent {
  type: RecordedEvent['type'];
  detail: Record<string, unknown> | null;
  bubbles: boolean;
  composed: boolean;
  /** Where document saw it come from (retargeted out of shadow roots). */
  target: string;
  /** The node it was dispatched on: composedPath()[0]. */
  dispatchedOn: string;
}
declare global {
  interface Window {
    __documentEvents: DocumentEvent[];
    __windowEvents: Array<{ type: string; phase: number; target: string }>;
  }
}
const RECORDER = '<script src="/assets/record-document-events.js"></script>';
const documentEvents = (page: Page) => page.evaluate(() => window.__documentEvents);
const windowEvents = (page: Page) => page.evaluate(() => window.__windowEvents);
const AGENT_ID = new RegExp(`^${AGENT_ID_PREFIX}[A-Z0-9]{${AGENT_ID_LENGTH}}$`);
const REQUEST = { name: VISITOR.name, company: VISITOR.company, email: VISITOR.email, website: 'https://acme.com', businessType: VISITOR.businessType };
/** Nothing reached window as its target: every event passed it in the capture phase only, towards the widget. */
async function expectNoneOnWindow(page: Page, count: number, target: string): Promise<void> {
  const seen = await windowEvents(page);
  expect(seen).toHaveLength(count);
  expect(seen.filter((event) => event.phase !== Event.CAPTURING_PHASE || event.target !== target)).toEqual([]);
}

test('from a widget in the page: document hears every event, bubbling and composed, with the detail the element got; analytics="datalayer" pushes the browser call\'s start, end and failed start (its stage only), and no personal data', async () => {
  const { page } = await suite.page({ attributes: { analytics: 'datalayer' }, before: RECORDER, clock: true });
  await reachBrowserCall(page);
  await startCall(page);
  await endCall(page);
  suite.voiceApi.status = 500;
  suite.voiceApi.reply = () => JSON.stringify({ message: `Internal server error for ${VISITOR.email}` });
  await button(page, copy.startCall).click();
  await poll(async () => (await documentEvents(page)).map((event) => event.type)).toContain('error');
  const heard = await documentEvents(page);
  expect(heard.map((event) => event.type)).toEqual(['step', 'submit', 'step', 'step', 'ready', 'step', 'call-start', 'call-end', 'next-step', 'error']);
  expect(
    heard.filter((event) => !event.bubbles || !event.composed || event.target !== 'franchise-ai-demo' || event.dispatchedOn !== 'franchise-ai-demo'),
  ).toEqual([]);
  // The same details a listener on the element got (pages/record-events.js).
  const onElement = await recordedEvents(page);
  expect(heard.map(({ type, detail }) => ({ type, detail }))).toEqual(onElement.map(({ type, detail }) => ({ type, detail })));
  expect(heard.filter((event) => event.type === 'step').map((event) => event.detail)).toEqual([
    { step: 'form' },
    { step: 'loading' },
    { step: 'congratulations' },
    { step: 'browser-call' },
  ]);
  expect(heard.find((event) => event.type === 'submit')!.detail).toEqual({ request: REQUEST });
  expect(heard.find((event) => event.type === 'ready')!.detail).toEqual({ agentId: expect.stringMatching(AGENT_ID) });
  expect(heard.filter((event) => event.type === 'call-start' || event.type === 'call-end').map((event) => event.detail)).toEqual([{}, {}]);
  expect(heard.find((event) => event.type === 'next-step')!.detail).toEqual({ choice: 'call-again', step: 'browser-call' });
  expect(heard.find((event) => event.type === 'error')!.detail).toEqual({ stage: 'voice', message: expect.any(String) });
  await expectNoneOnWindow(page, heard.length, 'franchise-ai-demo');
  await poll(() => dataLayer(page)).toEqual([
    ...DATALAYER_UNTIL_READY,
    { event: 'franchise_ai_demo_step', step: 'browser-call' },
    { event: 'franchise_ai_demo_call_start' },
    { event: 'franchise_ai_demo_call_end' },
    // 'Start Call' again, after 'Call ended', is a next step the visitor chose.
    { event: 'franchise_ai_demo_next_step', choice: 'call-again', step: 'browser-call' },
    { event: 'franchise_ai_demo_error', stage: 'voice' },
  ]);
  await expectNoPersonalData(page);
});

test('from a widget inside another component\'s shadow root: composed, so document still hears them, retargeted to that component; analytics="datalayer" pushes the failed call request and its step, and no personal data', async () => {
  const webhookBase = suite.host('triggerFails').webhookBase;
  const { page } = await suite.page({ webhookBase, attributes: { analytics: 'datalayer' }, before: RECORDER, inShadowRoot: true, clock: true });
  expect(await page.evaluate(() => document.querySelector('franchise-ai-demo'))).toBeNull(); // not in the document tree itself
  await reachCongratulations(page);
  const agentId = await agentIdShown(page);
  await callMeButton(page).click();
  await schedulePhoneCall(page);
  await heading(page, copy.callUnconfirmedHeading).waitFor();
  await poll(async () => (await documentEvents(page)).map((event) => event.type)).toContain('error');
  const heard = await documentEvents(page);
  expect(heard.map(({ type, detail }) => ({ type, detail }))).toEqual([
    { type: 'step', detail: { step: 'form' } },
    { type: 'submit', detail: { request: REQUEST } },
    { type: 'step', detail: { step: 'loading' } },
    { type: 'step', detail: { step: 'congratulations' } },
    { type: 'ready', detail: { agentId } },
    // The host's answer (a failure: logged, and the visitor moves on), then the step.
    { type: 'call-requested', detail: { ok: false, refused: false, placed: false } },
    { type: 'error', detail: { stage: 'phone', message: expect.any(String) } },
    { type: 'step', detail: { step: 'call-scheduled' } },
  ]);
  expect(
    heard.filter((event) => !event.bubbles || !event.composed || event.target !== 'div#partner-component' || event.dispatchedOn !== 'franchise-ai-demo'),
  ).toEqual([]);
  await expectNoneOnWindow(page, heard.length, 'div#partner-component');
  expect(await dataLayer(page)).toEqual([
    ...DATALAYER_UNTIL_READY,
    { event: 'franchise_ai_demo_call_requested', ok: false, refused: false, placed: false },
    { event: 'franchise_ai_demo_error', stage: 'phone' },
    { event: 'franchise_ai_demo_step', step: 'call-scheduled' },
  ]);
  await expectNoPersonalData(page);
});

// A second origin without CORS headers, as a partner's CDN may be; frameworks create the element by script.
let cdn: StaticServer | undefined;
beforeAll(async () => void (cdn = await startStaticServer({ '/widget/': `${WIDGET}test-dist` })));
afterAll(() => cdn?.stop());

test('an element created by script (createElement, setAttribute, append), with the widget from another origin, renders only once in the document, so document hears its first step', async () => {
  const base = JSON.stringify(suite.host().webhookBase);
  const create = `${RECORDER}<script>
customElements.whenDefined('franchise-ai-demo').then(function () {
  var element = document.createElement('franchise-ai-demo');
  element.setAttribute('webhook-base', ${base});
  element.webhookBase = ${base}; // a framework may set the property as well
  window.__renderedDetached = element.shadowRoot.childElementCount;
  document.querySelector('main').append(element);
});
</script>`;
  const script = `<script src="${cdn!.url}/widget/franchise-ai-demo.js" defer></script>`;
  const { page: tab, consoleErrors } = await suite.page({ script, element: false, after: create, clock: true });
  await poll(async () => (await documentEvents(tab)).map((event) => event.detail)).toEqual([{ step: 'form' }]);
  expect(await tab.evaluate(() => (window as unknown as { __renderedDetached: number }).__renderedDetached)).toBe(0);
  await reachCongratulations(tab);
  expect((await documentEvents(tab)).map((event) => event.type)).toEqual(['step', 'submit', 'step', 'step', 'ready']);
  expect(consoleErrors).toEqual([]);
});

// analytics="datalayer" (docs/ANALYTICS.md): the entries of the flows above; that none of any event's carries what was typed is data-layer.test.ts's.
test('removed mid-flow, the attribute stops the entries: what was pushed stays, nothing more comes', async () => {
  const { page } = await suite.page({ attributes: { analytics: 'datalayer' }, clock: true });
  await poll(() => dataStep(page)).toBe('form');
  expect(await dataLayer(page)).toEqual([{ event: 'franchise_ai_demo_step', step: 'form' }]);
  await widget(page).evaluate((host) => host.removeAttribute('analytics'));
  await reachCongratulations(page);
  expect(await dataLayer(page)).toEqual([{ event: 'franchise_ai_demo_step', step: 'form' }]);
});
