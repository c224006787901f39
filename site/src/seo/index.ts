// What scripts/prerender.mjs needs from src/seo, in one module it loads with Vite's module runner
// (plain Node cannot import TypeScript; the SSR bundle's entry exports only pages and config).
export { DEFAULT_SITE_URL, pageUrl, siteOrigin } from './site-url.ts';
export { SITEMAP_PATH, robotsTxt, sitemapXml } from './crawl-files.ts';
export { SHARE_IMAGE, SITE_NAME } from './share-card.ts';
export { alternates, headTags } from './head-tags.ts';
