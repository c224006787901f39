// Writes static HTML for every route from the SSR build, with per-route head tags, and copies the
// widget's build next to it, so dist/ is a complete static site for any host or CDN.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(SITE, 'dist');
const WIDGET_DIST = join(SITE, '../widget/dist');
const { render, ROUTES, NOT_FOUND, config } = await import(join(SITE, 'dist-ssr/entry-server.js'));

if (/^https?:\/\/(127\.0\.0\.1|localhost)\b/.test(config.siteUrl)) {
  console.warn(`note: canonical and og:url links name ${config.siteUrl}; set VITE_SITE_URL to the public origin for a deployment (docs/DEPLOYMENT.md)`);
}

const template = readFileSync(join(DIST, 'index.html'), 'utf8');
const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function head(route) {
  const url = `${config.siteUrl}${route.path}`;
  const tags = [
    `<title>${escape(route.title)}</title>`,
    `<meta name="description" content="${escape(route.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Franchise AI" />`,
    `<meta property="og:title" content="${escape(route.title)}" />`,
    `<meta property="og:description" content="${escape(route.description)}" />`,
  ];
  // The 404 page is served at any unknown address: it has no address of its own to name.
  if (route.path === '/404') tags.push('<meta name="robots" content="noindex" />');
  else tags.push(`<link rel="canonical" href="${escape(url)}" />`, `<meta property="og:url" content="${escape(url)}" />`);
  // /demo loads the widget exactly as a partner page does.
  if (route.path === '/demo') tags.push(`<script src="${escape(config.widgetSrc)}" defer></script>`);
  return tags.join('\n    ');
}

for (const route of [...ROUTES, NOT_FOUND]) {
  const html = template.replace('<!--head-->', head(route)).replace('<!--app-->', render(route.path));
  const file = join(DIST, route.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  console.log(`prerendered ${route.path} -> dist/${route.file}`);
}

rmSync(join(DIST, 'widget'), { recursive: true, force: true });
mkdirSync(join(DIST, 'widget'), { recursive: true });
cpSync(join(WIDGET_DIST, 'franchise-ai-demo.js'), join(DIST, 'widget/franchise-ai-demo.js'));
cpSync(join(WIDGET_DIST, 'chunks'), join(DIST, 'widget/chunks'), { recursive: true });
rmSync(join(SITE, 'dist-ssr'), { recursive: true, force: true });
console.log('copied the widget build to dist/widget/');
