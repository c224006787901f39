// The embed builder's looks and the landing's proof, in the states a reviewer must see: /embed in
// its Dark look and with a brand colour, and the landing with every proof slot filled (test
// content, served by the dev server as its browser test does), before and while the sample call plays.
import type { Browser, Page } from 'playwright-core';
import { FILLED_PROOF, startContentServer } from '../../test/support/content-server.ts';
import { Camera, type Width } from './camera.ts';

const READY = '[data-builder-ready]';

/** /embed's looks worth a picture, each by what a sales person does to get it. */
const EMBED_LOOKS: [name: string, choose: (page: Page) => Promise<void>][] = [
  ['embed-dark', (page) => page.getByRole('radio', { name: /^Dark/ }).check()],
  ['embed-brand', (page) => page.getByRole('textbox', { name: 'Brand color', exact: true }).fill('#0a7d3b')],
];

export async function shootEmbedLooks(camera: Camera, width: Width): Promise<void> {
  for (const [name, choose] of EMBED_LOOKS) {
    const page = await camera.open('/embed', width);
    await page.locator(READY).waitFor();
    await choose(page);
    await page.locator('franchise-ai-demo').getByRole('heading').first().waitFor();
    await camera.shoot(page, name, width);
    await page.context().close();
  }
}

/** The landing with filled proof slots, at each width; returns the shots' paths. */
export async function shootFilledProof(browser: Browser, folder: string, widths: readonly Width[]): Promise<string[]> {
  const server = await startContentServer(FILLED_PROOF);
  try {
    const camera = new Camera(browser, server.url, folder);
    for (const width of widths) {
      const page = await camera.open('/', width);
      await camera.shoot(page, 'home-proof-filled', width);
      await page.locator('.sample-player button').first().click();
      // Into the second line of the test recording (lines start at 0, 1 and 2 s).
      await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 1.2);
      await page.locator('audio').evaluate((audio) => (audio as HTMLAudioElement).pause());
      await camera.shoot(page, 'home-sample-playing', width);
      await page.context().close();
    }
    return camera.written;
  } finally {
    await server.stop();
  }
}
