// Test pages that embed the widget as a partner does: one deferred script tag and the element, in a page with hostile CSS.

export const PUBLIC_KEY = 'pk_test_123';
export interface PartnerPageOptions {
  /** Attributes of <franchise-ai-demo>: `true` for a bare attribute, `undefined` to leave one out. */
  attributes: Record<string, string | true | undefined>;
  title?: string;
  /** The page's careless global CSS (test/browser/pages/hostile.css). Default true. */
  hostileCss?: boolean;
  /** Extra markup inside <main>, before and after the widget. */
  before?: string;
  after?: string;
  /** Inside a page component's open shadow root (`div#partner-component`): listen on the document (record-document-events.js). */
  inShadowRoot?: boolean;
  /** The page's `<html lang>`. Default `en`. */
  lang?: string;
  /** The tag that loads the widget. Default: the script-tag build from this server, deferred. */
  script?: string;
  /** Markup inside the element, as the site's `/embed` snippets put a link there: what shows until the widget draws, or when it cannot. */
  content?: string;
  /** No element in the markup (a script of the page makes it). Default true. */
  element?: boolean;
}
const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const WIDGET_SCRIPT = '<script src="/widget/franchise-ai-demo.js" defer></script>';
export function partnerPage({
  attributes,
  title = 'Acme Franchise Group: live AI demo',
  hostileCss = true,
  before = '',
  after = '',
  inShadowRoot = false,
  lang = 'en',
  script = WIDGET_SCRIPT,
  content = '',
  element: withElement = true,
}: PartnerPageOptions): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value as string)}"`))
    .join('');
  const element = `<franchise-ai-demo${attrs}>${content}</franchise-ai-demo>`;
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/assets/favicon.svg">
${hostileCss ? '<link rel="stylesheet" href="/assets/hostile.css">' : ''}
${script}
</head>
<body>
<main>
<h1>Acme Franchise Group</h1>
${before}
${!withElement ? '' : inShadowRoot ? `<div id="partner-component"><template shadowrootmode="open">${element}</template></div>` : element}
<script src="/assets/record-events.js"></script>
${after}
</main>
</body>
</html>
`;
}
/** The usual attributes: this file's webhook host, the test key and, when given, the fake voice API. */
export function widgetAttributes(webhookBase: string, voiceApiBase?: string): Record<string, string | true | undefined> {
  return { 'webhook-base': webhookBase, 'public-key': PUBLIC_KEY, 'voice-api-base': voiceApiBase };
}
/** A partner page's strict Content-Security-Policy: no inline script or style, no eval, no data: images; requests to 127.0.0.1 only. */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' http://127.0.0.1:*";
