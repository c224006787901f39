import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { join, normalize, sep } from 'node:path';
import { listen } from './listen.ts';

// Franchise websites as test fixtures (fixtures/franchise-sites/<name>/), each
// served on its own free port of 127.0.0.1 as a real site would be: `/about` is about.html (or
// about/index.html), robots.txt as text. Two are described rather than stored (fixture.json): a
// generated page of 5 MB (too big to commit) and a redirect to a private address. Every request
// is recorded, so a test can tell what a reader asked for (and that it did not follow a redirect).

export const FRANCHISE_SITES = ['franchisor', 'franchisee', 'script-only', 'robots-disallow', 'oversized', 'private-redirect'] as const;
export type FranchiseSiteName = (typeof FRANCHISE_SITES)[number];

export const FRANCHISE_SITES_DIR = fileURLToPath(new URL('../fixtures/franchise-sites/', import.meta.url));

interface Description {
  /** A page of `bytes` bytes of valid HTML at `path`, made on each request. */
  generate?: { path: string; bytes: number };
  redirect?: { path: string; status: number; location: string };
}

export interface FixtureSite {
  /** `http://127.0.0.1:PORT`, no trailing slash: the site's home is `url + '/'`. */
  url: string;
  /** Each request's method and path (with its query), in order. */
  requests: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', txt: 'text/plain; charset=utf-8' };

/** HTML of exactly `bytes` bytes: one paragraph repeated, so a reader sees an ordinary, huge page. */
export function generatedPage(bytes: number): Buffer {
  const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Everything we sell</title></head><body><main><h1>Everything we sell</h1>';
  const tail = '</main></body></html>';
  const paragraph = '<p>Another aisle of the catalogue, listed in full for no good reason.</p>\n';
  const fill = bytes - head.length - tail.length;
  const body = paragraph.repeat(Math.floor(fill / paragraph.length)) + ' '.repeat(fill % paragraph.length);
  return Buffer.from(head + body + tail);
}

/** The file a path names in `root`: `/` is index.html, `/about` about.html or about/index.html; null outside `root`. */
function fileFor(root: string, pathname: string): string | null {
  const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`, `${pathname}/index.html`];
  for (const candidate of candidates) {
    const file = normalize(join(root, candidate));
    if (!file.startsWith(root)) return null;
    if (existsSync(file) && !file.endsWith('fixture.json') && /\.(html|txt)$/.test(file)) return file;
  }
  return null;
}

export interface ServeOptions {
  /** A fixed port (the run command's, so a newcomer can type the address); a free one by default. */
  port?: number;
  /**
   * Awaited before a path is answered (its request is recorded at once): a test holds the home page
   * until it has seen what happens meanwhile, rather than timing it.
   */
  hold?: (pathname: string) => Promise<void> | undefined;
}

export async function serveFixtureSite(name: FranchiseSiteName, options: ServeOptions = {}): Promise<FixtureSite> {
  const root = join(FRANCHISE_SITES_DIR, name) + sep;
  const descriptionFile = join(root, 'fixture.json');
  const description: Description = existsSync(descriptionFile) ? JSON.parse(readFileSync(descriptionFile, 'utf8')) : {};
  const requests: string[] = [];

  const server = createServer(async (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://fixture.invalid').pathname);
    await options.hold?.(pathname);
    if (description.redirect?.path === pathname) {
      return void res.writeHead(description.redirect.status, { Location: description.redirect.location }).end();
    }
    if (description.generate?.path === pathname) {
      const page = generatedPage(description.generate.bytes);
      res.writeHead(200, { 'Content-Type': TYPES.html!, 'Content-Length': page.length });
      return void res.end(req.method === 'HEAD' ? undefined : page);
    }
    const file = fileFor(root, pathname);
    if (!file) return void res.writeHead(404, { 'Content-Type': TYPES.html! }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'Content-Type': TYPES[file.slice(file.lastIndexOf('.') + 1)]!, 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500).end(),
    );
  });
  const listening = await listen(server, options.port);
  return { url: listening.url, requests, close: listening.stop };
}
