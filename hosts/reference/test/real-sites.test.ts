import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greetingFact, moneyFigures, unsourcedFigures } from '@franchise-ai/shared/agent-scenario';
import type { BrandProfile, ReadPage } from '@franchise-ai/shared/brand-profile';
import { profileView } from '@franchise-ai/shared/demo-status';
import { chooseFromSitemap, choosePages } from '@franchise-ai/shared/page-choice';
import { buildProfile } from '@franchise-ai/shared/profile-extract';
import type { Lead } from '@franchise-ai/shared/request-body';
import { readerUserAgent, readSite } from '@franchise-ai/shared/site-reader';
import { firstMessage, systemPrompt } from '@franchise-ai/shared/voice-requests';
import { hasRealSites, realSites, serveRealSite, type RealSite } from '@franchise-ai/test-support/real-sites';
import { corpusScore, holdsNeedle, scoreReport, scoreSite, type SiteScore } from '@franchise-ai/test-support/real-sites-score';
import { nodePageFetcher } from '../src/page-fetcher.ts';

// The reader against real websites (../shared/real-sites/, beside the checkout): each site served
// from 127.0.0.1 and read as the stand-in reads a visitor's site (its fetcher, the shared reader,
// page choice and extraction), then its profile and the prompt built from it scored against the
// site's hand-checked facts (test-support/src/real-sites-score.ts says how). The figures are
// printed; the goals are held here.

/** What reaches the agent must hold at least this share of the key facts... */
const RECALL_GOAL = 0.75;
/** ...and at least this share of the profile's items must be right. */
const PRECISION_GOAL = 0.9;

interface Read {
  site: RealSite;
  profile: BrandProfile;
  pages: ReadPage[];
  prompt: string;
  greeting: string | null;
  score: SiteScore;
}

const reads: Read[] = [];

/** The lead a visitor of this site would type: a franchisor when the site sells franchises, in the site's language. */
function leadFor(site: RealSite, website: string): Lead {
  const franchisor = site.keyFacts.some((fact) => fact.kind === 'franchise-fee');
  return {
    name: 'Sam',
    company: site.site.replace(/\s*\(.*\)$/, ''),
    email: 'sam@example.com',
    website,
    businessType: franchisor ? 'franchisor' : 'franchisee',
    phoneNumber: null,
    consentText: null,
    demoId: null,
    language: site.language,
  };
}

const TERMS = { companyName: 'Franchise AI', recordCalls: false };

describe.skipIf(!hasRealSites())('the reader on real websites', () => {
  beforeAll(async () => {
    const fetcher = nodePageFetcher();
    for (const site of realSites()) {
      const served = await serveRealSite(site);
      try {
        const reading = await readSite(served.website, {
          fetchPage: fetcher,
          choosePages,
          chooseFromSitemap,
          userAgent: readerUserAgent('http://demo.test/bot'),
          allowLoopback: true,
        });
        const pages = 'pages' in reading ? reading.pages : [];
        const profile =
          'pages' in reading
            ? buildProfile(served.website, reading.pages)
            : ({ status: 'unavailable', website: served.website, reason: reading.refused } as const);
        const lead = leadFor(site, served.website);
        const prompt = `${systemPrompt(lead, TERMS, 'phone', profile)}\n${firstMessage(lead, TERMS, 'phone', profile)}`;
        reads.push({ site, profile, pages, prompt, greeting: greetingFact(profile, site.language), score: scoreSite(site, profile, prompt, pages) });
      } finally {
        await served.close();
      }
    }
    console.info(scoreReport(reads.map((read) => read.score)));
    if (process.env['REAL_SITES_DEBUG']) {
      for (const read of reads)
        console.info(
          read.site.folder,
          JSON.stringify({ greeting: read.greeting, view: profileView(read.profile, read.site.language), profile: read.profile }, null, 1),
        );
    }
  }, 120_000);
  afterAll(() => {
    reads.length = 0;
  });

  it(`keeps at least ${RECALL_GOAL * 100} % of the key facts and is right in at least ${PRECISION_GOAL * 100} % of what it keeps`, () => {
    const total = corpusScore(reads.map((read) => read.score));
    expect(total.keyFacts).toBeGreaterThan(80);
    expect(total.recall).toBeGreaterThanOrEqual(RECALL_GOAL);
    expect(total.precision).toBeGreaterThanOrEqual(PRECISION_GOAL);
  });

  it('gives every site a profile, and no greeting, panel fact or name that is a placeholder or a cut sentence', () => {
    for (const { site, profile, greeting } of reads) {
      expect(profile.status, site.folder).toBe('ready');
      const view = profileView(profile, site.language);
      const shown = view.status === 'ready' ? [view.name ?? '', view.description?.text ?? '', ...view.facts.map((fact) => fact.text)] : [];
      for (const text of [...shown, greeting ?? '']) {
        expect(text, site.folder).not.toMatch(/^(?:page title|page description|description here|home|welcome|untitled|accueil|bienvenue)$/i);
        for (const never of site.mustNotAppear) expect(text.toLowerCase(), site.folder).not.toContain(never.toLowerCase());
      }
      // A cut sentence ends on a word that cannot end one ("...from Anytime Fitness, the.").
      expect(greeting ?? '', site.folder).not.toMatch(
        /\b(?:the|a|an|and|or|of|to|for|with|in|on|our|your|le|la|les|de|des|du|et|un|une|à|au|aux|pour|avec|en|nos|vos)[.!?]$/i,
      );
    }
  });

  it("puts in the prompt none of the site's strings that a correct profile never holds (credits, web hosts, form labels, placeholders)", () => {
    for (const { site, prompt } of reads) {
      const text = prompt.replace(/\\n/g, ' ').replace(/\s+/g, ' ').toLowerCase();
      for (const never of site.mustNotAppear) expect(text, site.folder).not.toContain(never.replace(/\s+/g, ' ').toLowerCase());
    }
  });

  it('never puts in the prompt a figure the site does not state, nor one it states only to deny it', () => {
    for (const { site, profile, prompt, pages } of reads) {
      expect(unsourcedFigures(prompt, profile), site.folder).toEqual([]);
      const siteText = pages.map((page) => page.html).join('\n');
      for (const figure of new Set(moneyFigures(prompt))) {
        // Each figure as the profile wrote it is somewhere on the site (spacing aside).
        expect(siteText.replace(/\s+/g, '').toLowerCase(), `${site.folder}: ${figure}`).toContain(figure);
      }
      for (const sentence of prompt.split(/(?<=[.!?])\s+|\n/)) {
        if (moneyFigures(sentence).length === 0) continue;
        expect(sentence, site.folder).not.toMatch(/\b(?:we are not|is not|isn['’]t|are not|aren['’]t|n['’]est pas|ne sont pas)\b[^.]{0,40}[$€£₹]?\s?\d/i);
      }
    }
  });

  it("finds a French site's phone, address and hours", () => {
    for (const { site, score } of reads.filter((read) => read.site.language === 'fr')) {
      for (const kind of ['phone', 'location', 'hours']) {
        const facts = site.keyFacts.filter((fact) => fact.kind === kind);
        for (const fact of facts) expect(score.found, `${site.folder}: ${kind} ${fact.text}`).toContain(fact);
      }
    }
  });

  it('scores with needles as the corpus defines them', () => {
    expect(holdsNeedle('Droit d’entrée :  à partir de 6 000 €', 're:Droit d.entrée\\s*:\\s*à partir de 6 000')).toBe(true);
    expect(holdsNeedle('DEVIS GRATUIT', 're:(?i)devis gratuits?')).toBe(true);
    expect(holdsNeedle('Tu+We  9:30a-5:00p', 'tu+we 9:30a-5:00p')).toBe(true);
    expect(holdsNeedle('Tu+We 9:30a', 'Th+Fr 7:00a-2:30p')).toBe(false);
  });
});
