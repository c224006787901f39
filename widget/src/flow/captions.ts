export type Speaker = 'assistant' | 'user';

/** One transcript as the adapter reports it (voice-types.ts): a partial is the utterance so far, a final the whole of it. */
export interface Transcript {
  speaker: Speaker;
  text: string;
  final: boolean;
}

/** A caption on screen; `id` keys it in the view and only grows. */
export interface CaptionLine extends Transcript {
  id: number;
}

/** How many lines show: the latest, as under a film. */
export const CAPTIONS_KEPT = 4;

/**
 * A speaker's partial line is replaced where it stands, so overlapping speakers keep their own lines;
 * a blank final takes back that speaker's line in progress.
 */
export function addCaption(lines: readonly CaptionLine[], transcript: Transcript, keep = CAPTIONS_KEPT): readonly CaptionLine[] {
  const text = transcript.text.trim();
  // (A loop, not findLastIndex: the widget's browsers include some without it.)
  let open = lines.length - 1;
  while (open >= 0 && (lines[open]!.speaker !== transcript.speaker || lines[open]!.final)) open--;
  if (!text) return transcript.final && open >= 0 ? lines.filter((_, index) => index !== open) : lines;
  if (open >= 0) {
    const replaced = lines.slice();
    replaced[open] = { ...lines[open]!, text, final: transcript.final };
    return replaced;
  }
  const id = (lines.at(-1)?.id ?? 0) + 1;
  return [...lines, { id, speaker: transcript.speaker, text, final: transcript.final }].slice(-keep);
}

/** The latest line that is final: what a screen reader hears (partials would be read over and over). */
export function lastFinalCaption(lines: readonly CaptionLine[]): CaptionLine | undefined {
  for (let index = lines.length - 1; index >= 0; index--) if (lines[index]!.final) return lines[index];
  return undefined;
}
