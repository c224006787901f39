import { describe, expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { BAR_WEIGHTS } from '../../src/after-form/steps/call-visualiser.tsx';
import { callStatus, reachBrowserCall, refuseMicrophone, startCall } from '../support/browser-call.ts';
import { expectAccessibleAtWidths } from '../support/accessible-at-widths.ts';
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

const WIDTHS = [320, 375, 1280];
/** The narrowest first: each page opens at 320 px and is widened in place (accessible-at-widths.ts). */
const viewport = { width: WIDTHS[0]!, height: 800 };

describe('axe at 320, 375 and 1280 px wide', () => {
  test('during an active call: connected, then while the assistant speaks; prefers-reduced-motion: reduce then stops the visualiser', async () => {
    const { page } = await suite.open(pageFor('a11y-call'), { viewport, clock: true });
    await reachBrowserCall(page);
    await startCall(page);
    await expectAccessibleAtWidths(page, 'an active call', WIDTHS);
    await page.evaluate(() => window.__fakeDaily!.setRemoteAudioLevel(0.5));
    await poll(() => callStatus(page).innerText()).toBe(copy.statusSpeaking);
    await expectAccessibleAtWidths(page, 'the assistant speaking', WIDTHS);
    expect(await button(page, copy.endCall).isEnabled()).toBe(true);

    expect(await movingParts(page)).toEqual(Array(BAR_WEIGHTS.length).fill('span: transition height')); // the bars of call-visualiser.tsx
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await movingParts(page)).toEqual([]);
  });

  test('the microphone-blocked notice with its Call Me offer', async () => {
    const { page } = await suite.open(pageFor('a11y-microphone'), { viewport, clock: true });
    await reachBrowserCall(page);
    await refuseMicrophone(page);
    await button(page, copy.startCall).click();
    await widget(page).getByRole('alert').filter({ hasText: copy.microphoneBlocked }).waitFor();
    await expectAccessibleAtWidths(page, 'the microphone-blocked notice', WIDTHS);
    expect(await button(page, copy.callMeTitle).isVisible()).toBe(true);
  });
});
