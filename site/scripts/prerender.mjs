// Writes static HTML for every route from the SSR build, with per-route head tags, and copies the
// widget's build next to it, plus robots.txt, sitemap.xml and the share image, so dist/ is a complete
// static site for any host or CDN.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { ogImagePng } from './og-image.mjs';
import { outDir, outDirName, ssrOutDir } from './out-dir.mjs';

const SITE = fileURLToPath(new URL('..', import.meta.url));
// site/dist, or SITE_OUT_DIR's folder (out-dir.mjs): the test command's builds never land where a release is uploaded from.
const DIST = outDir();
const OUT = outDirName();
const WIDGET_DIST = join(SITE, '../widget/dist');
const { render, ROUTES, NOT_FOUND, config, frameStylesUrl, pageStylesUrl } = await import(join(ssrOutDir(), 'entry-server.js'));
// src/seo is TypeScript the SSR entry does not export; Vite's module runner loads it as is.
const { module: seo } = await runnerImport(join(SITE, 'src/seo/index.ts'), { root: SITE, configFile: false, logLevel: 'warn' });

let origin;
try {
  origin = seo.siteOrigin(config.siteUrl);
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exit(1);
}
// The client build emits frame-styles.css and page-styles.css under the names the SSR build computed: no file, no styles.
for (const url of [frameStylesUrl, pageStylesUrl])
  if (!existsSync(join(DIST, url))) {
    console.error(`error: no ${url} in ${OUT}/: the client and SSR builds disagree on its name`);
    process.exit(1);
  }
// A placeholder origin is named, with the build's other placeholders, by scripts/check-placeholders.mjs.

// The widget's build, served at /widget/ (config.widgetSrc's default).
rmSync(join(DIST, 'widget'), { recursive: true, force: true });
mkdirSync(join(DIST, 'widget'), { recursive: true });
cpSync(join(WIDGET_DIST, 'franchise-ai-demo.js'), join(DIST, 'widget/franchise-ai-demo.js'));
cpSync(join(WIDGET_DIST, 'chunks'), join(DIST, 'widget/chunks'), { recursive: true });
console.log(`copied the widget build to ${OUT}/widget/`);

const template = readFileSync(join(DIST, 'index.html'), 'utf8');
/** The one stylesheet Vite linked in the template: src/styles.css's bundle. */
const SITE_STYLES = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)">/;
if (!SITE_STYLES.test(template)) {
  console.error(`error: ${OUT}/index.html links no /assets/index-*.css: update SITE_STYLES in scripts/prerender.mjs`);
  process.exit(1);
}
const head = (route) => seo.headTags(route, { origin, widgetSrc: config.widgetSrc });
/** The template's <html> start tag, which each page gets with its own language (RouteMeta.lang). */
const HTML_LANG = '<html lang="en">';
if (!template.includes(HTML_LANG)) {
  console.error(`error: ${OUT}/index.html has no ${HTML_LANG}: update HTML_LANG in scripts/prerender.mjs`);
  process.exit(1);
}

for (const route of [...ROUTES, NOT_FOUND]) {
  const html = template
    .replace(HTML_LANG, `<html lang="${route.lang}">`)
    .replace('<!--head-->', head(route))
    // /demo: the frame's styles alone, in place of the whole stylesheet Vite linked (src/frame-styles.css).
    .replace(SITE_STYLES, (tag, href) => (route.frameStylesOnly ? tag.replace(href, frameStylesUrl) : tag))
    .replace('<!--app-->', await render(route.path));
  const file = join(DIST, route.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  console.log(`prerendered ${route.path} -> ${OUT}/${route.file}`);
}

// What crawlers read first, naming the pages by the same addresses as their canonical links.
writeFileSync(join(DIST, 'robots.txt'), seo.robotsTxt(origin));
// A noindex page (/embed, a tool for staff) is left out: the sitemap lists what should be found.
const listed = ROUTES.filter((route) => !route.noindex);
// Each language's pages, each with its alternates (the hreflang links of its head).
const entries = listed.map((route) => ({ url: seo.pageUrl(origin, route.path), alternates: seo.alternates(route, origin) }));
writeFileSync(join(DIST, seo.SITEMAP_PATH.slice(1)), seo.sitemapXml(entries));
console.log(`wrote ${OUT}/robots.txt and ${OUT}${seo.SITEMAP_PATH} (${listed.length} pages on ${origin})`);

const started = performance.now();
writeFileSync(join(DIST, seo.SHARE_IMAGE.path.slice(1)), await ogImagePng({ ...seo.SHARE_IMAGE, name: seo.SITE_NAME }));
console.log(`drew ${OUT}${seo.SHARE_IMAGE.path} (${seo.SHARE_IMAGE.width}x${seo.SHARE_IMAGE.height}) in ${Math.round(performance.now() - started)} ms`);

rmSync(ssrOutDir(), { recursive: true, force: true });
