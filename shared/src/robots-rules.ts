// What a site's robots.txt lets the reader fetch, per RFC 9309, parsed by the
// `robots-parser` package (a well-kept, dependency-free implementation of the RFC's matching:
// longest match, Allow over Disallow on ties, `*` and `$`), not by hand.
import robotsParser from 'robots-parser';

/** May the reader fetch this URL? */
export type RobotsRules = (url: string) => boolean;

/**
 * What a robots.txt answer means (RFC 9309 §2.3.1):
 * - `text`: the file was read (2xx): its rules apply;
 * - `unavailable` (4xx, or redirects beyond five): the crawler may access any resource;
 * - `unreachable` (5xx, no connection, the deadline, a body too large to read): the crawler must
 *   assume complete disallow, since the site may be saying "stop" in the only way it can.
 */
export type RobotsAnswer = { kind: 'text'; text: string } | { kind: 'unavailable' } | { kind: 'unreachable' };

export const robotsAnswerForStatus = (status: number, text: string): RobotsAnswer =>
  status >= 200 && status < 300 ? { kind: 'text', text } : status >= 400 && status < 500 ? { kind: 'unavailable' } : { kind: 'unreachable' };

/** What robots.txt says to the reader: which URLs it may fetch, and the sitemaps it names (`Sitemap:` lines, any group). */
export interface RobotsFile {
  allows: RobotsRules;
  sitemaps: string[];
}

/** The rules for `userAgent` (its product token is what robots.txt groups match) on `robotsUrl`'s origin, and its sitemaps. */
export function readRobots(robotsUrl: string, answer: RobotsAnswer, userAgent: string): RobotsFile {
  if (answer.kind === 'unavailable') return { allows: () => true, sitemaps: [] };
  if (answer.kind === 'unreachable') return { allows: () => false, sitemaps: [] };
  const robots = robotsParser(robotsUrl, answer.text);
  // undefined: a URL of another origin, which this file does not govern; the reader asks each origin's own.
  return { allows: (url) => robots.isAllowed(url, userAgent) !== false, sitemaps: robots.getSitemaps() };
}

/** The rules for `userAgent` on `robotsUrl`'s origin. */
export const robotsRules = (robotsUrl: string, answer: RobotsAnswer, userAgent: string): RobotsRules => readRobots(robotsUrl, answer, userAgent).allows;
