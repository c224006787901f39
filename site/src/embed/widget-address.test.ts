import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL } from '../seo/site-url.ts';
import { widgetAddress } from './widget-address.ts';

const address = (siteUrl: string, pageOrigin: string | undefined, widgetSrc = '/widget/franchise-ai-demo.js') =>
  widgetAddress({ widgetSrc, siteUrl, pageOrigin, demoPath: '/demo' });

describe('widgetAddress', () => {
  it('names the public site wherever /embed is open, once the build knows it', () => {
    for (const page of [undefined, 'https://franchise-ai.com', 'http://127.0.0.1:4173'])
      expect(address('https://franchise-ai.com', page)).toEqual({
        kind: 'published',
        origin: 'https://franchise-ai.com',
        loaderSrc: 'https://franchise-ai.com/widget/franchise-ai-demo.js',
        demoPage: 'https://franchise-ai.com/demo',
      });
  });

  it('keeps an absolute widget address (a CDN) as it is', () => {
    expect(address('https://franchise-ai.com', undefined, 'https://cdn.example.net/fad/1.4.0/franchise-ai-demo.js')).toMatchObject({
      loaderSrc: 'https://cdn.example.net/fad/1.4.0/franchise-ai-demo.js',
      demoPage: 'https://franchise-ai.com/demo',
    });
  });

  it("names the page's own server in a local run: loopback names only, ports kept", () => {
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:4173', 'http://[::1]:8080', 'http://127.1.2.3:9000'])
      expect(address(DEFAULT_SITE_URL, origin)).toEqual({
        kind: 'this-machine',
        origin,
        loaderSrc: `${origin}/widget/franchise-ai-demo.js`,
        demoPage: `${origin}/demo`,
      });
  });

  it('offers nothing for a default build prerendered, or opened anywhere but this computer', () => {
    for (const origin of [undefined, 'https://staging.franchise-ai.com', 'http://192.168.1.20:5173', 'http://localhost.example.com', 'http://127.0.0.1.nip.io'])
      expect(address(DEFAULT_SITE_URL, origin), String(origin)).toEqual({ kind: 'unset' });
  });
});
