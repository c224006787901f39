import { fileURLToPath } from 'node:url';
import { running, useBrowserSuite, type OpenOptions, type PageFixture } from '@franchise-ai/test-support/browser-suite';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { type SpawnedHost, startHost } from '@franchise-ai/test-support/webhook-host';

// One file's world for the HTML guides: Chromium, the real webhook host, a static server for the
// pages, a second origin, without CORS headers, with the widget's build as a partner would host it
// (`https://{cdn}/` is its /widget/ folder), and a third with Vue's browser build
// (`https://{vue-cdn}/`). A snippet's placeholders are filled with those URLs and it is served as a page.

const WIDGET_DIST = fileURLToPath(new URL('../../../../widget/dist/', import.meta.url));
const VUE_DIST = fileURLToPath(new URL('../../node_modules/vue/dist/', import.meta.url));

export interface EmbedSuite {
  /** `html` with its placeholders filled, served at `path` and opened in a fresh page. */
  open(path: string, html: string, options?: OpenOptions): Promise<PageFixture>;
  /** `code` with `https://{cdn}/`, `https://{vue-cdn}/` and `{webhook-base}` replaced by the local servers' URLs. */
  fill(code: string): string;
}

export function useEmbedSuite(): EmbedSuite {
  let server: StaticServer | undefined;
  let cdn: StaticServer | undefined;
  let vueCdn: StaticServer | undefined;
  let host: SpawnedHost | undefined;
  const browser = useBrowserSuite({
    debugVariable: 'FAD_DEBUG',
    alongside: () => [
      // The pages from one origin; the widget from a second that sends no CORS headers, as a plain
      // CDN or bucket would; Vue's ES module build from a third that does, as the public CDNs do
      // (a browser imports a cross-origin module only with them).
      startStaticServer({}).then((value) => (server = value)),
      startStaticServer({ '/widget/': WIDGET_DIST }).then((value) => (cdn = value)),
      startStaticServer({ '/vue/': VUE_DIST }, { fileHeaders: { 'Access-Control-Allow-Origin': '*' } }).then((value) => (vueCdn = value)),
      startHost().then((value) => (host = value)),
    ],
  });
  const fill = (code: string): string => {
    const filled = code
      .replaceAll('https://{cdn}/', `${running(cdn, 'the CDN').url}/widget/`)
      .replaceAll('https://{vue-cdn}/', `${running(vueCdn, "Vue's CDN").url}/vue/`)
      .replaceAll('{webhook-base}', running(host, 'the webhook host').webhookBase);
    const left = filled.match(/\{(cdn|vue-cdn|webhook-base)\}/g);
    if (left) throw new Error(`placeholders used other than as the guides' README says: ${left.join(', ')}`);
    return filled;
  };
  return {
    fill,
    open: (path, html, options) => browser.open(running(server, 'the static server').page(path, fill(html)), options),
  };
}

/** A page with `head` and `body` as a platform would compose them (an empty icon: no /favicon.ico 404 in the console). */
export const pageWith = ({ head = '', body = '' }: { head?: string; body?: string }): string =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>guide</title><link rel="icon" href="data:,">\n${head}</head>\n<body>\n${body}</body>\n</html>\n`;
