// Where /embed's snippets load the widget from, and which demo page their fallback link and the
// share link name. A snippet is only offered when it can load somewhere:
// - 'published': the build knows the site's public address (VITE_SITE_URL): the snippets name it
//   (and VITE_WIDGET_SRC as it is when that is absolute, a CDN), wherever /embed is opened.
// - 'this-machine': a default build (or `pnpm dev`) opened on a loopback address: the page's own
//   server serves /widget/, so the snippets name it, and work in pages opened on this computer.
// - 'unset': a default build on any other host: its placeholder address serves nothing, so the
//   builder says so instead of offering a snippet that cannot load.
import { DEFAULT_SITE_URL } from '../seo/site-url.ts';

export type WidgetAddress = { kind: 'published' | 'this-machine'; origin: string; loaderSrc: string; demoPage: string } | { kind: 'unset' };

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** `pageOrigin`: the origin /embed is open on (`location.origin`), or undefined while prerendering. */
export function widgetAddress({
  widgetSrc,
  siteUrl,
  pageOrigin,
  demoPath,
}: {
  widgetSrc: string;
  siteUrl: string;
  pageOrigin: string | undefined;
  demoPath: string;
}): WidgetAddress {
  const local = pageOrigin !== undefined && LOOPBACK.test(new URL(pageOrigin).hostname);
  const published = siteUrl !== DEFAULT_SITE_URL;
  if (!published && !local) return { kind: 'unset' };
  const origin = published ? new URL(siteUrl).origin : pageOrigin!;
  return {
    kind: published ? 'published' : 'this-machine',
    origin,
    loaderSrc: new URL(widgetSrc, `${origin}/`).href,
    demoPage: new URL(demoPath, `${origin}/`).href,
  };
}
