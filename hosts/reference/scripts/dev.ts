import { serveFixtureSite } from '@franchise-ai/test-support/franchise-sites';

// The stand-in's `pnpm dev`: the host as `pnpm start` runs it, plus the franchisor
// fixture site (test-support/fixtures/franchise-sites/franchisor) on a fixed port of 127.0.0.1, so
// a newcomer can type its address in the demo form and watch the loading panel fill with what the
// host read. ALLOW_PRIVATE_WEBSITES=1 lets the host read a site on 127.0.0.1 (and nothing else private).
const DEV_SITE_PORT = 8790;

// DEV_SITE_PORT=0 takes a free port (the root dev script's test).
const site = await serveFixtureSite('franchisor', { port: process.env['DEV_SITE_PORT'] ? Number(process.env['DEV_SITE_PORT']) : DEV_SITE_PORT });
console.log(`franchise website to type in the demo form: ${site.url}/ (a sample franchisor site)`);
process.env['ALLOW_PRIVATE_WEBSITES'] ??= '1';
await import('../src/main.ts');
