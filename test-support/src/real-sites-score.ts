import type { BrandProfile, ReadPage } from '@franchise-ai/shared/brand-profile';
import { inventedFacts } from './profile-sources.ts';
import type { KeyFact, RealSite } from './real-sites.ts';

// How well a profile read from a real site (real-sites.ts) serves the agent, by rules written here,
// apart from the reader's own, so that the reader cannot grade itself:
// - recall: the share of the site's hand-checked key facts of which what reaches the agent (the
//   prompt and the first message, which quote the profile) holds a needle;
// - precision: the share of the profile's items (its name, each fact, each location) that are not
//   wrong. Wrong is: not on the site; one of the site's strings that a correct profile never holds
//   (a developer's credit, a web host's address, a form label); a template placeholder; a figure from
//   a negated sentence; a fax number read as the phone; a cost read as support; one money kind read
//   as another; a menu word taken for a service.

export interface Judged {
  item: string;
  wrong: string | null;
}

export interface SiteScore {
  site: string;
  found: KeyFact[];
  missed: KeyFact[];
  items: Judged[];
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Whether `haystack` holds `needle`: a plain string ignoring case and spacing, or a `re:` pattern (`(?i)` as the flag). */
export function holdsNeedle(haystack: string, needle: string): boolean {
  if (!needle.startsWith('re:')) return squash(haystack).toLowerCase().includes(squash(needle).toLowerCase());
  const source = needle.slice(3).replace(/^\(\?i\)/, '');
  return new RegExp(source, 'iu').test(squash(haystack));
}

const PLACEHOLDER =
  /^(?:page title|page description|description here|your (?:site|company|business) name|site title|home|home ?page|welcome|untitled(?: document)?|accueil|bienvenue|index|default|new page|titre de la page|description)$|lorem ipsum/i;
const MENU_WORD =
  /^(?:home|accueil|contact(?: us)?|nous contacter|about(?: us)?|à propos|qui sommes-nous|blog|news|actualités|faq|log ?in|sign ?in|menu|gallery|galerie|careers|jobs|privacy(?: policy)?|terms.*|sitemap|plan du site|mentions légales|read more|learn more|en savoir plus|click here)$/i;
const NEGATION = /\b(?:not|never|no|isn['’]t|aren['’]t|without|n['’]est pas|ne\b[^.]{0,40}\bpas|sans|aucun|aucune|jamais)\b/i;
const FIGURE = /[$€£₹]\s?\d|\d[\d\s.,]*\s?(?:€|%|k€|K€|lacs?|lakhs?|crores?)/i;
const MONEY_KINDS = new Set(['investment', 'franchise-fee', 'royalty']);

const digits = (text: string): string => text.replace(/\D/g, '');

/** The judgement of each item, given the needles of the site's key facts by kind. */
function judge(kind: string, text: string, site: RealSite, invented: Set<string>, key: string): string | null {
  if (invented.has(key)) return 'not on the site';
  const lower = text.toLowerCase();
  const banned = site.mustNotAppear.find((never) => lower.includes(never.toLowerCase()));
  if (banned) return `holds "${banned}"`;
  if (PLACEHOLDER.test(squash(text))) return 'placeholder';
  if ((MONEY_KINDS.has(kind) || kind === 'support') && FIGURE.test(text) && NEGATION.test(text.split(FIGURE)[0] ?? '')) return 'negated figure';
  if (kind === 'support' && FIGURE.test(text)) return 'a cost read as support';
  if (kind === 'service' && MENU_WORD.test(squash(text))) return 'a menu word';
  if (kind === 'telephone') {
    const number = digits(text).slice(-9);
    const otherKinds = site.keyFacts.filter((fact) => fact.kind !== 'phone' && fact.kind !== 'location');
    if (number.length >= 8 && otherKinds.some((fact) => fact.needles.some((needle) => digits(needle).includes(number))))
      return 'not the phone (a fax or other number)';
  }
  if (MONEY_KINDS.has(kind)) {
    const other = site.keyFacts.find(
      (fact) =>
        MONEY_KINDS.has(fact.kind) &&
        fact.kind !== kind &&
        fact.needles.some((needle) => !needle.startsWith('re:') && FIGURE.test(needle) && holdsNeedle(text, needle)),
    );
    if (other && !site.keyFacts.some((fact) => fact.kind === kind && fact.needles.some((needle) => holdsNeedle(text, needle))))
      return `a ${other.kind} read as ${kind}`;
  }
  return null;
}

/**
 * What reaches the agent, as one text: its prompt and first message, where the profile's name, facts,
 * addresses and page text are quoted (in JSON's quoting: its escapes read back as the characters).
 */
export const agentKnowledge = (prompt: string): string => prompt.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');

export function scoreSite(site: RealSite, profile: BrandProfile, prompt: string, pages: ReadPage[]): SiteScore {
  const knowledge = agentKnowledge(prompt);
  const found = site.keyFacts.filter((fact) => fact.needles.some((needle) => holdsNeedle(knowledge, needle)));
  const missed = site.keyFacts.filter((fact) => !found.includes(fact));
  const items: Judged[] = [];
  if (profile.status === 'ready') {
    const invented = new Set(inventedFacts(profile, pages));
    if (profile.name !== undefined) items.push({ item: `name: ${profile.name}`, wrong: judge('name', profile.name, site, invented, `name "${profile.name}"`) });
    for (const fact of profile.facts) {
      items.push({ item: `${fact.kind}: ${fact.text}`, wrong: judge(fact.kind, fact.text, site, invented, `${fact.kind} "${fact.text}" (${fact.source})`) });
    }
    for (const location of profile.locations) {
      const { source, ...parts } = location;
      const text = Object.values(parts).join(', ');
      const inventedPart = Object.entries(parts).find(([field, value]) => invented.has(`location ${field} "${value}" (${source})`));
      items.push({ item: `location: ${text}`, wrong: inventedPart ? `${inventedPart[0]} not on the site` : judge('location', text, site, invented, '') });
    }
  }
  return { site: site.folder, found, missed, items };
}

export interface CorpusScore {
  precision: number;
  recall: number;
  keyFacts: number;
  found: number;
  items: number;
  wrong: number;
}

export function corpusScore(scores: SiteScore[]): CorpusScore {
  const keyFacts = scores.reduce((sum, score) => sum + score.found.length + score.missed.length, 0);
  const found = scores.reduce((sum, score) => sum + score.found.length, 0);
  const items = scores.reduce((sum, score) => sum + score.items.length, 0);
  const wrong = scores.reduce((sum, score) => sum + score.items.filter((item) => item.wrong).length, 0);
  return { precision: items === 0 ? 0 : (items - wrong) / items, recall: keyFacts === 0 ? 0 : found / keyFacts, keyFacts, found, items, wrong };
}

/** The score as lines for a person: each site's figures, what it missed and what it got wrong, then the corpus. */
export function scoreReport(scores: SiteScore[]): string {
  const lines: string[] = [];
  const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;
  for (const score of scores) {
    const total = score.found.length + score.missed.length;
    const wrong = score.items.filter((item) => item.wrong);
    lines.push(`${score.site}: key facts ${score.found.length}/${total}, items ${score.items.length - wrong.length}/${score.items.length} right`);
    for (const fact of score.missed) lines.push(`  missed ${fact.kind}: ${fact.text.slice(0, 100)}`);
    for (const item of wrong) lines.push(`  wrong (${item.wrong}): ${item.item.slice(0, 120)}`);
  }
  const total = corpusScore(scores);
  lines.push(
    `corpus: precision ${percent(total.precision)} (${total.items - total.wrong} of ${total.items} items), recall ${percent(total.recall)} (${total.found} of ${total.keyFacts} key facts)`,
  );
  return lines.join('\n');
}
