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

const speakerLabel = (line: CaptionLine, copy: Copy): string => `${line.speaker === 'assistant' ? copy.captionAgent : copy.captionYou}${copy.labelColon}`;

/**
 * The call's last lines by speaker, the meeting booked on it, and the Captions and Mute toggles; their room is kept before the
 * call, so nothing moves. Screen readers hear final lines only: partials would be read at every word.
 */
export function CallCaptions({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const { state } = flow;
  const connected = state.callStatus === 'active';
  const muted = connected && state.muted === true;
  const lines = state.captions ?? [];
  const [shown, setShown] = useState(captionsShown);
  const heard = shown ? lastFinalCaption(lines) : undefined;

  const toggle = () => setShown((captionsShown = !shown));

  return (
    <>
      {shown && (
        <ol class={lines.length ? 'captions' : 'captions unseen'} aria-label={copy.captionsLabel}>
          {lines.map((line) => (
            <li key={line.id} class={`${line.speaker}${line.final ? '' : ' partial'}`}>
              <span class="caption-speaker">{speakerLabel(line, copy)}</span> {line.text}
            </li>
          ))}
        </ol>
      )}
      <BookingLine flow={flow} />
      {/* A new final line is a new node (its key), so it is announced even when its text repeats the last. */}
      <p class="visually-hidden captions-heard" aria-live="polite">
        {heard && <span key={heard.id}>{`${speakerLabel(heard, copy)} ${heard.text}`}</span>}
      </p>
      <div class="call-controls">
        <button type="button" class={connected || lines.length ? 'secondary' : 'secondary unseen'} aria-pressed={shown} onClick={toggle}>
          {copy.captionsToggle}
        </button>
        {/* A toggle keeps one name: its state is aria-pressed (and the line under it), not a new label. */}
        <button type="button" class={connected ? 'secondary' : 'secondary unseen'} aria-pressed={muted} onClick={() => flow.setMuted(!muted)}>
          {copy.mute}
        </button>
      </div>
      <p class="call-muted" aria-live="polite">
        {muted && copy.microphoneMuted}
      </p>
    </>
  );
}
