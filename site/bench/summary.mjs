// From the runs to what gets printed: medians per route and variant (LCP and TBT with their
// spread), the one table, each round's raw figures, and the targets the site must hold (each
// written once, here).
import { median, withSpread } from '@franchise-ai/test-support/bench-figures.mjs';
import { CATEGORIES } from './audit.mjs';

export const TARGETS = {
  /** Every Lighthouse category, every route. */
  score: 100,
  tbtMs: 50,
  /** LCP of the page as served over LCP of the same page without scripts. */
  lcpRatio: 1.15,
};

/** Median of every figure over the runs of one route and variant (`runs`: audit() results). */
export function medians(runs) {
  const figures = [...CATEGORIES, 'lcp', 'tbt', 'cls', 'jsBytes'];
  return Object.fromEntries(figures.map((figure) => [figure, median(runs.map((run) => run[figure]))]));
}

/** "1080–1320": the smallest and largest of a figure over the runs, rounded. */
const range = (runs, figure) => {
  const { min, max } = withSpread(runs.map((run) => run[figure]));
  return `${Math.round(min)}–${Math.round(max)}`;
};

/** One row per route: `results[route] = { built: runs[], stripped: runs[] }`. */
export function tableRows(results) {
  return Object.entries(results).map(([route, { built, stripped }]) => {
    const served = medians(built);
    const bare = medians(stripped);
    return {
      route,
      ...Object.fromEntries(CATEGORIES.map((id) => [id, served[id]])),
      'LCP ms': Math.round(served.lcp),
      'LCP min–max': range(built, 'lcp'),
      'LCP ms without scripts': Math.round(bare.lcp),
      'LCP ratio': Number((served.lcp / bare.lcp).toFixed(3)),
      'TBT ms': Math.round(served.tbt),
      'TBT min–max': range(built, 'tbt'),
      CLS: Number(served.cls.toFixed(3)),
      'JS KB': Number((served.jsBytes / 1024).toFixed(1)),
    };
  });
}

/**
 * What misses a target, one line each; empty when every target is met. A noindex route (`noindex`:
 * their paths) asks search engines not to list it, which Lighthouse's SEO category counts against
 * it: that category is not a target there.
 */
export function misses(rows, noindex = []) {
  return rows.flatMap((row) => [
    ...CATEGORIES.filter((id) => row[id] < TARGETS.score && !(id === 'seo' && noindex.includes(row.route))).map(
      (id) => `${row.route}: ${id} ${row[id]} < ${TARGETS.score}`,
    ),
    ...(row['TBT ms'] > TARGETS.tbtMs ? [`${row.route}: TBT ${row['TBT ms']} ms > ${TARGETS.tbtMs} ms`] : []),
    ...(!(row['LCP ratio'] <= TARGETS.lcpRatio)
      ? [`${row.route}: LCP ${row['LCP ms']} ms is ${row['LCP ratio']}x the ${row['LCP ms without scripts']} ms without scripts (> ${TARGETS.lcpRatio}x)`]
      : []),
  ]);
}

/** One compact line of one run: `P100 A100 BP100 S100 LCP 1203 TBT 0 CLS 0.000 JS 12.3KB`. */
export function rawLine(run) {
  return (
    `P${run.performance} A${run.accessibility} BP${run['best-practices']} S${run.seo} ` +
    `LCP ${Math.round(run.lcp)} TBT ${Math.round(run.tbt)} CLS ${run.cls.toFixed(3)} JS ${(run.jsBytes / 1024).toFixed(1)}KB`
  );
}
