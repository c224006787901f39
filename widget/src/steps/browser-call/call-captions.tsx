import { useState } from 'preact/hooks';
import { lastFinalCaption, type CaptionLine } from '../../flow/captions.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import type { Copy } from '../../copy/copy.ts';
import { useCopy } from '../../copy/copy-context.ts';
import { BookingLine } from '../booking/booked-meeting.tsx';

/**
 * Whether captions show, for the page's life. Not sessionStorage: a reload starts from the accessible
 * default, and the partner's storage gets no key of ours.
 */
let captionsShown = true;

/** Captions on or off, and the toggle that remembers it for the page. */
export function useCaptionsShown(): [boolean, () => void] {
  const [shown, setShown] = useState(captionsShown);
  return [shown, () => setShown((captionsShown = !shown))];
}

const speakerLabel = (line: CaptionLine, copy: Copy): string => `${line.speaker === 'assistant' ? copy.captionAgent : copy.captionYou}${copy.labelColon}`;

/**
 * The call's last lines as the landing card's bubbles (shared/src/call-bubbles.css), the meeting booked on it. Each bubble
 * names its speaker to screen readers; they hear final lines only: partials would be read at every word.
 */
export function CallCaptions({ flow, shown }: { flow: DemoFlow; shown: boolean }) {
  const copy = useCopy();
  const lines = flow.state.captions ?? [];
  const heard = shown ? lastFinalCaption(lines) : undefined;

  return (
    <>
      {shown && (
        <ol class="captions bubbles" aria-label={copy.captionsLabel}>
          {lines.map((line) => (
            <li key={line.id} class={`bubble ${line.speaker}${line.final ? '' : ' partial'}`}>
              <span class="visually-hidden">{speakerLabel(line, copy)} </span>
              {line.text}
            </li>
          ))}
        </ol>
      )}
      <BookingLine flow={flow} />
      {/* A new final line is a new node (its key), so it is announced even when its text repeats the last. */}
      <p class="visually-hidden captions-heard" aria-live="polite">
        {heard && <span key={heard.id}>{`${speakerLabel(heard, copy)} ${heard.text}`}</span>}
      </p>
    </>
  );
}
