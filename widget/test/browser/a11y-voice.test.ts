import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { poll } from '@franchise-ai/test-support/poll';
import { button, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { BAR_WEIGHTS } from '../../src/after-form/steps/call-visualiser.tsx';
import { callStatus, reachBrowserCall, refuseMicrophone, startCall } from '../support/browser-call.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { movingParts } from '../support/motion.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// axe and horizontal overflow on the browser call's live states, which need the test build's fake
// Daily and the fake voice API: an active call (also while the assistant speaks) and the notice
// after a refused microphone; and the visualiser under prefers-reduced-motion (visualiser.test.ts has more). The other steps
// are in a11y.test.ts.
const suite = useSuite({ build: 'test-dist', voiceApi: true });

const pageFor = (name: string) =>
  suite.server.page(`/${name}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase, suite.voiceApi.url) }));

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await runAxe(page), `axe violations ${where}`).toEqual([]);
  expect(await horizontalOverflow(page), `horizontal overflow ${where}`).toEqual([]);
}

describe.each([320, 375, 1280])('axe at %i px wide', (width) => {
  const viewport = { width, height: 800 };

  test('during an active call: connected, then while the assistant speaks', async () => {
    const { page } = await suite.open(pageFor(`a11y-call-${width}`), { viewport, clock: true });
    await reachBrowserCall(page);
    await startCall(page);
    await expectNoViolations(page, 'during an active call');
    await page.evaluate(() => window.__fakeDaily!.setRemoteAudioLevel(0.5));
    await poll(() => callStatus(page).innerText()).toBe(copy.statusSpeaking);
    await expectNoViolations(page, 'while the assistant speaks');
    expect(await button(page, copy.endCall).isEnabled()).toBe(true);
  });

  test('the microphone-blocked notice with its Call Me offer', async () => {
    const { page } = await suite.open(pageFor(`a11y-microphone-${width}`), { viewport, clock: true });
    await reachBrowserCall(page);
    await refuseMicrophone(page);
    await button(page, copy.startCall).click();
    await widget(page).getByRole('alert').filter({ hasText: copy.microphoneBlocked }).waitFor();
    await expectNoViolations(page, 'on the microphone-blocked notice');
    expect(await button(page, copy.callMeTitle).isVisible()).toBe(true);
  });
});

test('prefers-reduced-motion: reduce stops the visualiser while the assistant speaks', async () => {
  const { page } = await suite.open(pageFor('motion-speaking'), { clock: true });
  await reachBrowserCall(page);
  await startCall(page);
  await page.evaluate(() => window.__fakeDaily!.setRemoteAudioLevel(0.5));
  await poll(() => callStatus(page).innerText()).toBe(copy.statusSpeaking);

  expect(await movingParts(page)).toEqual(Array(BAR_WEIGHTS.length).fill('span: transition height')); // the bars of call-visualiser.tsx
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
});
