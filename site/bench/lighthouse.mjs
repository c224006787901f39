// Lighthouse (mobile preset, one URL at a time) on every route of the built site, served by the
// preview server on 127.0.0.1:4173 (the origin the canonical links name by default), in Debian's
// Chromium. Prints performance, accessibility, best practices, SEO, LCP, TBT, CLS and JS bytes.
// Run `pnpm bench:site` from the root (it builds first). Figures, not a pass/fail test.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROUTES = ['/', '/demo', '/privacy', '/terms'];
const PORT = 4173;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const LANDING_JS_BUDGET = 60 * 1024;

const preview = spawn(process.execPath, [fileURLToPath(new URL('../scripts/preview.mjs', import.meta.url))], {
  env: { ...process.env, PORT: String(PORT) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  preview.stdout.on('data', (chunk) => String(chunk).includes('preview on') && resolve());
  preview.once('exit', (code) => reject(new Error(`preview server exited with ${code}`)));
});

const rows = [];
let chrome;
try {
chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  for (const route of ROUTES) {
    const { lhr } = await lighthouse(`${ORIGIN}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
    rows.push({
      route,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      'TBT ms': Math.round(audit('total-blocking-time')),
      CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
      'JS KB (transfer)': Number((scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024).toFixed(1)),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id)
        .slice(0, 6)
        .join(' '),
    });
  }
} finally {
  await chrome?.kill();
  preview.kill();
}

console.table(rows.map(({ failing, ...row }) => row));
for (const row of rows) if (row.failing) console.log(`${row.route}: audits not passing: ${row.failing}`);
const misses = rows.flatMap((row) =>
  Object.entries(TARGETS).filter(([id, target]) => row[id] < target).map(([id, target]) => `${row.route} ${id} ${row[id]} < ${target}`),
);
const landingJs = rows.find((row) => row.route === '/')?.['JS KB (transfer)'] * 1024;
if (landingJs > LANDING_JS_BUDGET) misses.push(`/ JavaScript ${(landingJs / 1024).toFixed(1)} KB > ${LANDING_JS_BUDGET / 1024} KB`);
console.log(misses.length ? `targets missed:\n  ${misses.join('\n  ')}` : 'all targets met');
