import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { listen } from './listen.ts';
import { REPOSITORY } from './workspace.ts';

// The real business websites beside the checkout (../shared/real-sites/, its README and each site's
// SOURCE.md): third-party pages, read there and never copied into this repository. Each site is
// served on its own free port of 127.0.0.1 by the README's rules, with the origins its pages link
// to rewritten to the local one, so the reader meets them as it would meet them on the web.

/** The corpus: `REAL_SITES` when set, else ../shared/real-sites beside the checkout. */
export const REAL_SITES_DIR = process.env['REAL_SITES'] || join(REPOSITORY, '..', 'shared', 'real-sites');

/** One fact a correct profile must contain; found when what reaches the agent holds one of its needles. */
export interface KeyFact {
  kind: string;
  text: string;
  /** Plain strings, or regular expressions after `re:`. */
  needles: string[];
  page: string;
}

export interface RealSite {
  folder: string;
  site: string;
  language: 'en' | 'fr';
  country: string;
  home: string;
  keyFacts: KeyFact[];
  /** Strings on the site that a correct profile never contains. */
  mustNotAppear: string[];
}

/** The origins each site's pages link to that must lead to the local copy (the README's table). */
const ORIGINS: Readonly<Record<string, readonly string[]>> = {
  'complete-dental-health': ['http://www.completedentalhealth.net/'],
  'boulangerie-dheilly': ['http://localhost/'],
  aquavelo: ['https://www.aquavelo.com/', 'https://www.aquavelo.com'],
  'salon-angelique': ['http://www.lesalondangelique.com/'],
  'dublin-plaza-dental': ['http://www.dublinplazadental.com/', 'http://www.dublinplazadental.com'],
};

export const hasRealSites = (): boolean => existsSync(join(REAL_SITES_DIR, 'README.md'));

/** Every site of the corpus with its facts, in folder order. */
export function realSites(): RealSite[] {
  return readdirSync(REAL_SITES_DIR)
    .filter((folder) => existsSync(join(REAL_SITES_DIR, folder, 'facts.json')))
    .sort()
    .map((folder) => ({ folder, ...(JSON.parse(readFileSync(join(REAL_SITES_DIR, folder, 'facts.json'), 'utf8')) as Omit<RealSite, 'folder'>) }));
}

export interface ServedSite {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  origin: string;
  /** What a visitor would type: the origin's home, or the site's home path when `/` is not its home. */
  website: string;
  close(): Promise<void>;
}

/** The saved file a request's URL names, by the README's serving rules; null for none. */
function fileFor(root: string, requestUrl: string): string | null {
  const spa = existsSync(join(root, 'index.html'));
  const url = new URL(requestUrl, 'http://x');
  let path = decodeURIComponent(url.pathname);
  if (path === '/index') path = '/index.php';
  if (path.endsWith('/')) path += spa ? 'index.html' : 'index.php';
  else if (spa && !path.endsWith('.html')) path += '.html';
  const file = resolve(root, `.${path}${url.search}`);
  return file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile() ? file : null;
}

/** Serves `site` on a free port of 127.0.0.1; robots.txt and anything not saved are 404, as the README says. */
export async function serveRealSite(site: RealSite): Promise<ServedSite> {
  const root = resolve(REAL_SITES_DIR, site.folder);
  let origin = '';
  const server = createServer((request, response) => {
    const file = fileFor(root, request.url ?? '/');
    if (!file || /(?:^|[/\\])(?:facts\.json|SOURCE\.md)$/.test(file)) {
      response.writeHead(404).end();
      return;
    }
    let body = readFileSync(file, 'utf8');
    for (const from of ORIGINS[site.folder] ?? []) body = body.split(from).join(from.endsWith('/') ? `${origin}/` : origin);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  const listening = await listen(server);
  origin = listening.url;
  const rootHome = site.home === '/index.php' || site.home === '/index.html';
  return {
    origin,
    website: `${origin}${rootHome ? '/' : site.home}`,
    close: listening.stop,
  };
}
