import { expect, test } from 'vitest';
import { agentIdShown, callStatus, clickForStatus, copy, dataStep, heading, reachCongratulations, recordedEvents, startCall } from '../support/index.ts';
import { useSuite, widget } from '../support/index.ts';

// The tab keeps the agent in sessionStorage (LIFECYCLE.md, "Reload and Back"); a live browser call asks before the page is left.
const suite = useSuite({ build: 'test-dist', voiceApi: true });

test('a reload after the wait comes back to congratulations with the same agent (or says the steps could not be loaded); leaving during a live call asks first', async () => {
  const fixture = await suite.page({ clock: true });
  const { page } = fixture;
  await reachCongratulations(page);
  const agentId = await agentIdShown(page);
  expect(agentId).toMatch(/^MSO-/);
  await page.reload();
  await heading(page, copy.readyHeading).waitFor();
  expect(await dataStep(page)).toBe('congratulations');
  expect(await agentIdShown(page)).toBe(agentId);
  expect(await heading(page, copy.formHeading).count(), 'not the form').toBe(0);
  // The page is told the step it is on; the agent was 'ready' once, before the reload.
  expect((await recordedEvents(page)).map((event) => event.type)).toEqual(['step']);
  // Restored, but the later steps' chunk cannot be fetched: the box says so, it is not left empty.
  await page.route(/later-steps/, (route) => route.abort());
  await page.reload();
  await widget(page).getByRole('alert').filter({ hasText: copy.loadFailed }).waitFor();
  await page.unroute(/later-steps/);
  await page.reload();
  await heading(page, copy.readyHeading).waitFor();
  expect(await agentIdShown(page)).toBe(agentId);
  fixture.consoleErrors.length = 0; // the aborted chunk's own failed request
  // A live call: leaving asks first, and staying keeps the call.
  await clickForStatus(page, copy.browserButton, copy.statusAssistantReady);
  await startCall(page);
  const dialog = new Promise<string>((resolve) => page.once('dialog', (shown) => void shown.dismiss().then(() => resolve(shown.type()))));
  const closed = page.waitForEvent('close').then(() => 'closed without asking');
  await page.close({ runBeforeUnload: true });
  expect(await Promise.race([dialog, closed])).toBe('beforeunload');
  expect([copy.statusCallStarted, copy.statusSpeaking, copy.statusListening]).toContain(await callStatus(page).innerText());
  expect([...fixture.consoleErrors, ...fixture.pageErrors]).toEqual([]);
});
