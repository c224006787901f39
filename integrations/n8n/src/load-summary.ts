// The arithmetic of the queue check (scripts/check-queue.ts): what each host answered to a batch
// of demo_form posts, each with its own email, set against the rows it stored. A post counts as
// accepted on any 2xx, as the widget counts it (only the status matters to it: webhook-client.ts),
// so a 2xx without a stored row is a lead the visitor was thanked for and that is gone.

/** One post as the load sent it and what came back. */
export interface Outcome {
  email: string;
  /** HTTP status; 0 when no answer came (connection dropped, the client's timeout). */
  status: number;
  /** The body was JSON with `ok: true`, as both hosts answer a stored lead. */
  okBody: boolean;
  /** From sending to the end of the answer. */
  ms: number;
  /** When the answer ended, in ms since the load started. */
  endedAt: number;
}

export interface Summary {
  mode: string;
  posts: number;
  /** Answered 2xx: the visitor saw "thank you", so the lead must be stored. */
  accepted: number;
  /** Of those, answered without `ok: true` (n8n 2.8.4 answers 200 with no body when a workflow fails before its Respond node). */
  acceptedWithoutOk: number;
  /** Posts not accepted, by status ('none' for no answer), e.g. { '500': 3, none: 1 }. */
  notAccepted: Record<string, number>;
  /** Rows whose email is one of the posted ones. */
  stored: number;
  /** Accepted, but no row: the loss a visitor never hears about. */
  lost: number;
  /** Rows beyond the first for one email (each post has its own). */
  duplicates: number;
  /** Posted emails with a row although the answer was not an acceptance (a retry would store them twice). */
  storedNotAccepted: number;
  /** Accepted posts per second, from the start to the last acceptance. */
  requestsPerSecond: number;
  /** Of the accepted posts, nearest-rank. */
  p50Ms: number;
  p99Ms: number;
  /** From the start to the last answer of any kind. */
  wallMs: number;
}

/** Nearest-rank percentile (the smallest value with at least p% of the values at or below it); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

export function summarize(mode: string, outcomes: readonly Outcome[], storedEmails: readonly string[]): Summary {
  const posted = new Set(outcomes.map((outcome) => outcome.email));
  const rows = storedEmails.filter((email) => posted.has(email));
  const storedSet = new Set(rows);
  const isAccepted = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;
  const accepted = outcomes.filter(isAccepted);
  const notAccepted: Record<string, number> = {};
  for (const outcome of outcomes) {
    if (isAccepted(outcome)) continue;
    const key = outcome.status === 0 ? 'none' : String(outcome.status);
    notAccepted[key] = (notAccepted[key] ?? 0) + 1;
  }
  const lastAcceptance = Math.max(0, ...accepted.map((outcome) => outcome.endedAt));
  return {
    mode,
    posts: outcomes.length,
    accepted: accepted.length,
    acceptedWithoutOk: accepted.filter((outcome) => !outcome.okBody).length,
    notAccepted,
    stored: rows.length,
    lost: accepted.filter((outcome) => !storedSet.has(outcome.email)).length,
    duplicates: rows.length - storedSet.size,
    storedNotAccepted: outcomes.filter((outcome) => !isAccepted(outcome) && storedSet.has(outcome.email)).length,
    requestsPerSecond: lastAcceptance > 0 ? accepted.length / (lastAcceptance / 1000) : 0,
    p50Ms: percentile(
      accepted.map((outcome) => outcome.ms),
      50,
    ),
    p99Ms: percentile(
      accepted.map((outcome) => outcome.ms),
      99,
    ),
    wallMs: Math.max(0, ...outcomes.map((outcome) => outcome.endedAt)),
  };
}

const COLUMNS: Array<[string, (summary: Summary) => string]> = [
  ['mode', (s) => s.mode],
  ['req/s', (s) => s.requestsPerSecond.toFixed(0)],
  ['p50 ms', (s) => s.p50Ms.toFixed(0)],
  ['p99 ms', (s) => s.p99Ms.toFixed(0)],
  ['accepted', (s) => `${s.accepted}/${s.posts}`],
  ['2xx without ok', (s) => String(s.acceptedWithoutOk)],
  [
    'non-2xx',
    (s) =>
      Object.entries(s.notAccepted)
        .map(([status, count]) => `${count}×${status}`)
        .join(' ') || '0',
  ],
  ['stored', (s) => String(s.stored)],
  ['lost', (s) => String(s.lost)],
  ['duplicates', (s) => String(s.duplicates)],
  ['stored, not accepted', (s) => String(s.storedNotAccepted)],
  ['wall s', (s) => (s.wallMs / 1000).toFixed(1)],
];

/** One plain-text table, a row per mode, columns padded to their widest cell. */
export function formatTable(summaries: readonly Summary[]): string {
  const rows = [COLUMNS.map(([title]) => title), ...summaries.map((summary) => COLUMNS.map(([, cell]) => cell(summary)))];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The check fails when any mode lost an accepted lead. */
export const anyLoss = (summaries: readonly Summary[]): boolean => summaries.some((summary) => summary.lost > 0);
