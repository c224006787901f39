import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LEGAL_LAST_UPDATED, LEGAL_YEAR } from '@franchise-ai/shared/constants';
import { CONTENT } from '../src/content/all-langs.ts';
import { landing } from '../src/content/landing.ts';
import { privacy } from '../src/content/privacy.ts';
import { terms } from '../src/content/terms.ts';
import type { LegalPageContent } from '../src/content/types.ts';
import { NOT_FOUND, ROUTES, SECTIONS, TRANSLATED } from '../src/routes.ts';
import { BUILD_ENV, TEL_HREFS } from './support/build-env.ts';
import { elements, headings, meta, parse, tags, textOf, type Document } from './support/html.ts';
import { DIST, startPreview, type Preview } from './support/preview.ts';

// The prerendered HTML as a crawler or a visitor without JavaScript gets it: fetched from the
// preview server, never run.

const UNKNOWN_PATH = '/some-unknown-path';

/** The 404 page as served for an unknown path. */
const PAGES = [...ROUTES.map((route) => ({ ...route, url: route.path })), { ...NOT_FOUND, url: UNKNOWN_PATH }];

let preview: Preview;
const documents = new Map<string, Document>();
const statuses = new Map<string, number>();

beforeAll(async () => {
  preview = await startPreview();
  for (const page of PAGES) {
    const response = await fetch(preview.url + page.url);
    statuses.set(page.path, response.status);
    documents.set(page.path, parse(await response.text()));
  }
});

afterAll(() => preview?.stop());

const doc = (path: string): Document => {
  const found = documents.get(path);
  if (!found) throw new Error(`${path} was not fetched`);
  return found;
};
const headingTexts = (path: string) => headings(doc(path).body).map((heading) => heading.text);
/** The links of a page's body: href and text. */
const links = (path: string) => elements(doc(path).body, 'a').map((link) => ({ href: link.attributes['href'], text: link.text }));

test('dist/ holds exactly the prerendered pages, and each route is served with the right status', () => {
  const html = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? html(join(dir, entry.name)) : entry.name.endsWith('.html') ? [relative(DIST, join(dir, entry.name))] : [],
    );
  expect(html(DIST).sort()).toEqual(PAGES.map((page) => page.file).sort());
  expect(Object.fromEntries(statuses)).toEqual({ ...Object.fromEntries(ROUTES.map((route) => [route.path, 200])), '/404': 404 });
  expect(ROUTES.map((route) => route.path)).toEqual([
    '/',
    '/demo',
    '/embed',
    '/privacy',
    '/terms',
    '/fr/',
    '/fr/demo',
    '/fr/confidentialite',
    '/fr/conditions',
  ]);
});

describe.each(PAGES.map((page) => [page.path, page] as const))('%s', (path, page) => {
  test('has its own title, meta description, canonical link and Open Graph tags', () => {
    const document = doc(path);
    const titles = elements(document.head, 'title');
    expect(titles.map((title) => title.text)).toEqual([page.title]);
    expect(meta(document, 'description')).toBe(page.description);
    // The 404 page answers at every unknown address, so it names none as its own.
    const canonical = tags(document.head, 'link').filter((link) => link['rel'] === 'canonical');
    const urls = path === '/404' ? [] : [`${BUILD_ENV.VITE_SITE_URL}${path}`];
    expect(canonical.map((link) => link['href'])).toEqual(urls);
    expect(meta(document, 'og:title')).toBe(page.title);
    expect(meta(document, 'og:description')).toBe(page.description);
    expect(meta(document, 'og:url')).toBe(urls[0]);
    expect(document.html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${page.lang}">`, 'i'));
  });

  test("has the header and the footer in the page's language: logo, section links, demo button, legal links, e-mail, two phone numbers, 2024", () => {
    const { text } = CONTENT[page.lang];
    const pages = TRANSLATED[page.lang];
    const all = links(path);
    // The logo: an aria-hidden mark, then the name.
    expect(all).toContainEqual({ href: pages.landing.path, text: expect.stringMatching(/(^| )Franchise AI$/) });
    for (const { id } of SECTIONS) expect(all).toContainEqual({ href: `${pages.landing.path}#${id}`, text: text.sections[id] });
    // On the demo page itself, a jump to the widget (src/components/demo-link.tsx).
    expect(all).toContainEqual({ href: path === pages.demo.path ? '#main' : pages.demo.path, text: text.demoLink });
    const footer = elements(doc(path).body, 'footer');
    expect(footer).toHaveLength(1);
    const footerLinks = elements(doc(path).body.slice(doc(path).body.indexOf('<footer')), 'a').map((link) => link.attributes['href']);
    expect(footerLinks).toEqual(expect.arrayContaining([pages.privacy.path, pages.terms.path, `mailto:${BUILD_ENV.VITE_CONTACT_EMAIL}`, ...TEL_HREFS]));
    expect(footerLinks.filter((href) => typeof href === 'string' && href.startsWith('tel:'))).toHaveLength(2);
    expect(footer[0]!.text).toContain(`© ${LEGAL_YEAR} Franchise AI`);
    expect(footer[0]!.text).toContain(`${BUILD_ENV.VITE_PHONE_US} (${text.footer.phoneUs})`);
    expect(footer[0]!.text).toContain(`${BUILD_ENV.VITE_PHONE_FR} (${text.footer.phoneFr})`);
  });
});

test('the English header and footer say what spec section 2 says', () => {
  const all = links('/');
  for (const [id, text] of [
    ['services', 'Franchise Solutions'],
    ['about', 'How It Works'],
    ['contact', 'Get Started'],
  ])
    expect(all).toContainEqual({ href: `/#${id}`, text });
  expect(all).toContainEqual({ href: '/demo', text: 'See My Franchise AI' });
  const footer = elements(doc('/').body, 'footer')[0]!.text;
  expect(footer).toContain(`${BUILD_ENV.VITE_PHONE_US} (US)`);
  expect(footer).toContain(`${BUILD_ENV.VITE_PHONE_FR} (FR)`);
});

test('every title is distinct, and so is every description', () => {
  const titles = PAGES.map((page) => elements(doc(page.path).head, 'title')[0]?.text);
  const descriptions = PAGES.map((page) => meta(doc(page.path), 'description'));
  expect(new Set(titles).size).toBe(PAGES.length);
  expect(new Set(descriptions).size).toBe(PAGES.length);
});

describe('the landing page', () => {
  test("has the hero's h1, and every section's heading in the HTML", () => {
    const all = headings(doc('/').body);
    expect(all.filter((heading) => heading.level === 1).map((heading) => heading.text)).toEqual(['AI Solutions For Franchise Industry']);
    const { hero, services, about, contact } = landing;
    const h2 = all.filter((heading) => heading.level === 2).map((heading) => heading.text);
    const h3 = all.filter((heading) => heading.level === 3).map((heading) => heading.text);
    expect(h2).toEqual([hero.franchisor.title, hero.franchisee.title, services.heading, about.heading, contact.heading]);
    expect(h2).toEqual(expect.arrayContaining(['Franchise Solutions', 'How It Works', 'See How AI Can Help Your Franchise']));
    expect(h3).toEqual(
      expect.arrayContaining([
        services.problemsHeading,
        services.franchisorHeading,
        services.franchiseeHeading,
        services.results.heading,
        ...about.steps.map((step) => step.title),
        ...contact.cards.map((card) => card.title),
      ]),
    );
    expect(h3).toEqual(expect.arrayContaining(['Learn How It Works', 'See Real Examples', 'No Pressure Environment']));
    const h4 = all.filter((heading) => heading.level === 4).map((heading) => heading.text);
    expect(h4).toEqual([...services.problems, ...services.franchisorSolutions, ...services.franchiseeSolutions].map((card) => card.title));
    expect(h4).toEqual(expect.arrayContaining(['Manual Lead Qualification', 'Inconsistent Follow-Up', 'Territory Management']));
  });

  test('has the services, about and contact sections the header scrolls to', () => {
    const ids = tags(doc('/').body, 'section').map((section) => section['id']);
    expect(ids).toEqual(expect.arrayContaining(['services', 'about', 'contact']));
  });

  test('shows every marketing claim of spec section 1', () => {
    const { text } = doc('/');
    for (const claim of ['300%', '24/7', '85%', '$50K+', '3x', '40%', '60%', '$75K']) expect(text, claim).toContain(claim);
    for (const claim of [
      'Faster lead response',
      'Automated support',
      'Admin time saved',
      'Average ROI increase',
      'Faster lead processing',
      'Higher conversion',
      'Less admin time',
      'Average annual ROI',
    ]) {
      expect(text, claim).toContain(claim);
    }
  });

  test("shows both audiences' features and offerings, and the demo's promise, from spec section 1", () => {
    const { text } = doc('/');
    const { franchisor, franchisee } = landing.hero;
    for (const item of [...franchisor.features, ...franchisor.offerings, ...franchisee.features, ...franchisee.offerings]) expect(text, item).toContain(item);
    for (const item of [
      'Central AI CRM',
      'Predictive analytics',
      'Compliance and brand control',
      'Candidate qualifying',
      'Territory availability checking',
      'Franchise matching',
    ])
      expect(text, item).toContain(item);
    for (const item of ['Smart sales assistant', 'Local campaign execution', 'Customer support chatbot', 'Operational automation'])
      expect(text, item).toContain(item);
    expect(text).toContain('tailored to your franchise, ready in 90 seconds. No sales calls.');
  });

  test('links to /demo from the hero and the contact section', () => {
    const all = links('/');
    expect(all).toContainEqual({ href: '/demo', text: 'See Your Franchise AI in Action' });
    expect(all).toContainEqual({ href: '/demo', text: 'Explore Live Demo' });
    expect(doc('/').text).toContain('No sales calls');
  });
});

describe.each([
  ['/privacy', privacy, 'Contact Privacy Team', BUILD_ENV.VITE_PRIVACY_EMAIL],
  ['/terms', terms, 'Contact Legal Team', BUILD_ENV.VITE_LEGAL_EMAIL],
] as Array<[string, LegalPageContent, string, string]>)('%s', (path, content, button, email) => {
  test('has its h1, every section heading and the last-updated line in the HTML', () => {
    const all = headings(doc(path).body);
    expect(all.filter((heading) => heading.level === 1).map((heading) => heading.text)).toEqual([content.heading]);
    expect(all.filter((heading) => heading.level === 2).map((heading) => heading.text)).toEqual([
      ...content.sections.map((section) => section.heading),
      content.contact.heading,
    ]);
    const items = content.sections.flatMap((section) => section.items ?? []).map((item) => item.title);
    expect(all.filter((heading) => heading.level === 3).map((heading) => heading.text)).toEqual(items);
    expect(doc(path).text).toContain(`Last updated ${LEGAL_LAST_UPDATED}`);
    expect(doc(path).text).toContain('Last updated December 2024');
  });

  test(`has '${button}' as a mailto: link`, () => {
    expect(links(path)).toContainEqual({ href: `mailto:${email}`, text: button });
    expect(links(path)).toContainEqual({ href: `mailto:${email}`, text: email });
  });
});

test("the privacy page has the spec's sections and the four kinds of cookies", () => {
  const all = headingTexts('/privacy');
  expect(all).toEqual(
    expect.arrayContaining([
      'Information We Collect',
      'How We Use Your Information',
      'How We Share Information',
      'Data Security',
      'Your Rights and Choices',
      'Data Retention',
      'Changes to This Policy',
    ]),
  );
  expect(all).toEqual(expect.arrayContaining(['Essential', 'Analytics', 'Functional', 'Marketing']));
});

test("the terms page has the spec's sections, the configured jurisdiction, 99.9% and 30 days", () => {
  const all = headingTexts('/terms');
  expect(all).toEqual(
    expect.arrayContaining([
      'Acceptance of Terms',
      'Description of Service',
      'User Responsibilities',
      'Prohibited Uses',
      'Intellectual Property',
      'Limitation of Liability',
      'Payment and Billing',
      'Service Level',
      'Termination and Suspension',
      'Governing Law',
    ]),
  );
  const { text } = doc('/terms');
  expect(text).not.toContain('[Jurisdiction]');
  expect(text).toContain(`governed by the laws of ${BUILD_ENV.VITE_JURISDICTION}, without regard`);
  expect(text).toContain(`resolved in the courts of ${BUILD_ENV.VITE_JURISDICTION}, unless`);
  for (const fragment of ['99.9% monthly uptime target', '30 days notice', 'API response under 2 seconds', '24/7 monitoring'])
    expect(text, fragment).toContain(fragment);
});

describe('/demo', () => {
  test('loads the widget in its head and has the element with the webhook host the site was built with', () => {
    const { head, body } = doc('/demo');
    const scripts = tags(head, 'script').filter((script) => script['src'] === '/widget/franchise-ai-demo.js');
    expect(scripts).toEqual([{ src: '/widget/franchise-ai-demo.js', defer: true }]);
    expect(head).toContain('<script src="/widget/franchise-ai-demo.js" defer></script>');
    // Nothing holds it back until a paint: no inert copy in a template.
    expect(head).not.toContain('<template');
    const widgets = tags(body, 'franchise-ai-demo');
    expect(widgets).toHaveLength(1);
    expect(widgets[0]).toMatchObject({
      'webhook-base': BUILD_ENV.VITE_WEBHOOK_BASE,
      'public-key': BUILD_ENV.VITE_VOICE_PUBLIC_KEY,
      'home-url': '/',
      'privacy-url': '/privacy',
    });
    expect(headingTexts('/demo')).toEqual(['Live Franchise AI Demo']);
  });

  test('tells a browser without JavaScript what the demo needs, inside the element the widget replaces', () => {
    const element = doc('/demo').body.match(/<franchise-ai-demo\b[^>]*>([\s\S]*?)<\/franchise-ai-demo>/);
    const fallback = element?.[1]?.match(/^<noscript>([\s\S]*)<\/noscript>$/)?.[1];
    expect(fallback, element?.[1]).toBeDefined();
    expect(textOf(fallback!)).toMatch(
      /^The live demo runs in your browser and needs JavaScript\. Turn it on and reload this page to build your franchise AI agent, or write to /,
    );
    expect(fallback).toContain(`href="mailto:${BUILD_ENV.VITE_CONTACT_EMAIL}"`);
  });

  test('shares the widget with the other widget pages alone (/embed, /fr/demo)', () => {
    for (const page of PAGES.filter((other) => !other.widget)) {
      expect(doc(page.path).html, page.path).not.toContain('franchise-ai-demo');
    }
  });

  test("asks for the widget's one file with the page, at a high priority, before the stylesheet and the site's script", () => {
    const { head } = doc('/demo');
    const hints = tags(head, 'link').filter((link) => link['rel'] === 'preload');
    expect(hints).toEqual([{ rel: 'preload', as: 'script', href: '/widget/franchise-ai-demo.js' }]);
    const at = (fragment: string) => head.indexOf(fragment);
    expect(at('rel="preload" as="script"')).toBeGreaterThan(-1);
    expect(at('rel="preload" as="script"')).toBeLessThan(at('rel="stylesheet" crossorigin'));
    expect(at('rel="preload" as="script"')).toBeLessThan(at('type="module"'));
  });

  test('the widget file it names is served, and holds the form (no other file before it is usable)', async () => {
    const response = await fetch(`${preview.url}/widget/franchise-ai-demo.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const code = await response.text();
    // The form's heading, and the later steps' chunk it adds when the page is idle.
    expect(code).toContain('Get Your Franchise AI Demo');
    expect(code).toMatch(/later-steps-[\w-]+\.js/);
  });
});

test("every page links the site's one stylesheet, but /demo the frame's part of it alone (src/frame-styles.css); both are served", async () => {
  const sheets = (path: string) =>
    tags(doc(path).head, 'link')
      .filter((link) => link['rel'] === 'stylesheet' && link['href'] !== '/no-js.css')
      .map((link) => String(link['href']));
  for (const page of PAGES)
    expect(
      sheets(page.path).map((href) => href.replace(/-[\w-]{8}\.css$/, '-<hash>.css')),
      page.path,
    ).toEqual([page.frameStylesOnly ? '/assets/frame-styles-<hash>.css' : '/assets/index-<hash>.css']);
  for (const href of [...sheets('/'), ...sheets('/demo')]) {
    const response = await fetch(`${preview.url}${href}`);
    expect(response.status, href).toBe(200);
    expect(response.headers.get('content-type'), href).toMatch(/^text\/css/);
    // Both carry the fallback font's faces, so /demo's text is laid out as on every page.
    expect(await response.text(), href).toContain('Figtree Fallback');
  }
});

test('no page preloads the font: its 20 KB would share the slow link with the stylesheet the first paint waits for (src/styles/fonts.css)', () => {
  for (const page of PAGES)
    expect(
      tags(doc(page.path).head, 'link').filter((link) => link['as'] === 'font'),
      page.path,
    ).toEqual([]);
});

test('every page links the no-JavaScript stylesheet in a <noscript>, and it is served', async () => {
  for (const page of PAGES) expect(doc(page.path).head, page.path).toContain('<noscript><link rel="stylesheet" href="/no-js.css" /></noscript>');
  const response = await fetch(`${preview.url}/no-js.css`);
  expect(response.status).toBe(200);
  // Compared with its spaces collapsed: how the stylesheet is laid out is the formatter's choice.
  expect((await response.text()).replace(/\s+/g, ' ')).toContain(':root .menu-toggle { display: none; }');
});

describe('the 404 page', () => {
  test('is noindex, and only it and the pages marked so (/embed, a tool for staff)', () => {
    expect(meta(doc('/404'), 'robots')).toBe('noindex');
    expect(ROUTES.filter((route) => route.noindex).map((route) => route.path)).toEqual(['/embed']);
    for (const route of ROUTES) expect(meta(doc(route.path), 'robots'), route.path).toBe(route.noindex ? 'noindex' : undefined);
  });

  test('is served with status 404 also when asked for by its file name, and never cached', async () => {
    const response = await fetch(`${preview.url}/404.html`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(elements(parse(await response.text()).head, 'title').map((title) => title.text)).toEqual([NOT_FOUND.title]);
  });

  test('says the page was not found and links home', () => {
    expect(headingTexts('/404')).toEqual(['Page not found']);
    expect(links('/404')).toContainEqual({ href: '/', text: 'Go to the home page' });
  });
});
