// The embeds measured, each as its vendor's docs paste it into a page: which package folder a CDN
// serves, what goes where the example page has our loader tag (head) and our element (body), the
// custom element to wait for (if it has one) and which moment counts as "ready". Ids and keys are
// fake: offline, no vendor's server is reachable anyway, and the table says what that stopped.
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANCHORS } from '../src/weight.mjs';

// bench/node_modules/<name>, where pnpm links the pinned devDependency (not every package exports ./package.json to resolve).
const packageFolder = (name) => realpathSync(fileURLToPath(new URL(`../node_modules/${name}`, import.meta.url)));
const versionOf = (name) => JSON.parse(readFileSync(join(packageFolder(name), 'package.json'), 'utf8')).version;
// The script each vendor's docs put in a page, as the weight table names it: both tables measure the same file.
const anchor = (id, label) => {
  const { pkg, file } = ANCHORS.find((candidate) => candidate.id === id);
  return { id, package: pkg, file, root: packageFolder(pkg), name: label(versionOf(pkg)) };
};

export const WIDGET_DIST = fileURLToPath(new URL('../../widget/dist', import.meta.url));

const TAG = 'franchise-ai-demo';

/**
 * `head({ src, base })` and `body({ src, base })`: the URL of the embed's script (its `file`) and
 * of the folder its package is served under. `ready`:
 * the moment that counts as ready (ours: a usable input; the others: a visible control). `frame`:
 * the embed is an iframe, whose shell is timed too. `controls`: a selector for a control that is
 * neither a button nor a form field nor role=button. `inside`: only the controls inside this
 * element count (detect-moments.mjs). `site`: a page of the built site (bench/src/site-server.mjs)
 * rather than the example page. `ratioTarget`: its ready over ours, round by round, should stay
 * within this.
 */
export const EMBEDS = [
  {
    id: 'ours',
    name: 'this widget',
    root: WIDGET_DIST,
    tag: TAG,
    inside: TAG,
    ready: 'usable',
    // Ours is the example page as committed (run.mjs fills it): no snippet of its own.
    example: true,
  },
  {
    // The same widget on the company's own page, as a partner page embeds it, with the site's
    // header, fonts and CSS around it; ready at the same moment as ours (the widget's name field
    // usable), the site's own controls left out.
    id: 'demo',
    name: "this widget on the site's /demo",
    site: '/demo',
    tag: TAG,
    inside: TAG,
    ready: 'usable',
    // The target: /demo's form usable within 1.15x the bare script-tag page's, in the same rounds.
    ratioTarget: 1.15,
  },
  {
    ...anchor('elevenlabs', (v) => `ElevenLabs convai embed ${v}`),
    tag: 'elevenlabs-convai',
    ready: 'control',
    head: () => '',
    // Their docs: the element, then the package's dist/index.js as an async classic script.
    body: ({ src }) =>
      `<elevenlabs-convai agent-id="agent_bench_offline"></elevenlabs-convai>\n      <script src="${src}" async type="text/javascript"></script>`,
  },
  {
    ...anchor('vapi', (v) => `Vapi widget (client-sdk-react ${v}, script-tag build)`),
    ready: 'control',
    // Its launcher is a div with cursor: pointer and a click handler, no button and no role: counted as the control it is.
    controls: 'vapi-widget [style*="cursor: pointer"]',
    // Their README's quick start: the UMD build in the head, then <vapi-widget> (not a custom element: the script renders into it).
    head: ({ src }) => `<script src="${src}"></script>`,
    body: () => '<vapi-widget public-key="bench-offline" assistant-id="bench-offline" mode="voice" title="Talk with AI"></vapi-widget>',
  },
  {
    ...anchor('typeform', (v) => `Typeform embed ${v} (iframe shell only)`),
    frame: true,
    ready: 'control',
    head: ({ base }) => `<link rel="stylesheet" href="${base}build/css/widget.css" />`,
    // Their README: a div with data-tf-widget, then build/embed.js (the data-attribute build). The form id is fake.
    body: ({ src }) => `<div data-tf-widget="bench0ffline" style="width: 100%; height: 560px"></div>\n      <script src="${src}"></script>`,
  },
  {
    ...anchor('calcom', (v) => `Cal.com embed ${v}`),
    tag: 'cal-inline',
    frame: true,
    ready: 'control',
    head: () => '',
    // Their inline snippet: a queueing Cal() stub that adds embed.js, then init and inline into a div.
    body: ({ src }) => `<div id="cal-inline" style="width: 100%; height: 560px; overflow: scroll"></div>
      <script type="text/javascript">
        (function (C, A, L) { let p = function (a, ar) { a.q.push(ar); }; let d = C.document; C.Cal = C.Cal || function () { let cal = C.Cal; let ar = arguments; if (!cal.loaded) { cal.ns = {}; cal.q = cal.q || []; d.head.appendChild(d.createElement("script")).src = A; cal.loaded = true; } if (ar[0] === L) { const api = function () { p(api, arguments); }; const namespace = ar[1]; api.q = api.q || []; if (typeof namespace === "string") { cal.ns[namespace] = cal.ns[namespace] || api; p(cal.ns[namespace], ar); p(cal, ["initNamespace", namespace]); } else p(cal, ar); return; } p(cal, ar); }; })(window, "${src}", "init");
        Cal("init", { origin: "https://app.cal.com" });
        Cal("inline", { elementOrSelector: "#cal-inline", calLink: "bench/offline", layout: "month_view" });
      </script>`,
  },
];
