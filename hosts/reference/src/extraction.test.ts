import { afterEach, expect, test } from 'vitest';
import { chooseFromSitemap, choosePages } from '@franchise-ai/shared/page-choice';
import { buildProfile } from '@franchise-ai/shared/profile-extract';
import { ExtractionStopped, startExtraction, type Extraction } from './extraction.ts';

// The extraction thread as the host starts it: its TypeScript loaded by the thread itself.

const home = {
  url: 'https://acme.example/',
  html: `<title>Acme Bagels</title><a href="/own-a-franchise">Own a franchise</a><p>${'Fresh bagels boiled every morning. '.repeat(4)}</p><p>Call (303) 555-0142.</p>`,
};

let extraction: Extraction | undefined;
afterEach(() => extraction?.stop());

test('answers what choosePages, chooseFromSitemap and buildProfile answer in this thread', async () => {
  extraction = startExtraction();
  expect(await extraction.choosePages(home)).toEqual(choosePages(home));
  const sitemap = { url: 'https://acme.example/sitemap.xml', xml: '<urlset><url><loc>https://acme.example/nos-centres</loc></url></urlset>' };
  expect(chooseFromSitemap(home, sitemap).pages).toEqual(['https://acme.example/nos-centres']);
  expect(await extraction.chooseFromSitemap(home, sitemap)).toEqual(chooseFromSitemap(home, sitemap));
  expect(await extraction.buildProfile('https://acme.example', [home])).toEqual(buildProfile('https://acme.example', [home]));
});

test('stop ends the thread: a call waiting and any call after reject with ExtractionStopped', async () => {
  extraction = startExtraction();
  const waiting = expect(extraction.buildProfile('https://acme.example', [home])).rejects.toBeInstanceOf(ExtractionStopped);
  await extraction.stop();
  await waiting;
  await expect(extraction.choosePages(home)).rejects.toBeInstanceOf(ExtractionStopped);
});
