import { useState } from 'preact/hooks';
import { lastFinalCaption, type CaptionLine } from '../flow/captions.ts';
import type { DemoFlow } from '../../form/use-demo-flow.ts';
import type { Copy } from '../../copy.ts';
import { useCopy } from '../../i18n/copy-context.ts';

/**
 * Whether captions show, for as long as the page lives: every widget and every call on it, and the
 * step shown again, start from the visitor's last choice. Not sessionStorage: a reload starts from
 * the default (captions on, the accessible one) rather than from a choice the visitor may have
 * forgotten, the partner's storage gets no key of ours, and a page that blocks storage behaves the same.
 */
let captionsShown = true;

const speakerLabel = (line: CaptionLine, copy: Copy): string => `${line.speaker === 'assistant' ? copy.captionAgent : copy.captionYou}${copy.labelColon}`;

/**
 * Under the visualiser: the call's last lines as captions, by speaker, a line in
 * progress (partial) greyed until its final replaces it; the Captions and Mute toggles while the
 * call is connected; 'Microphone muted' while it is. The captions' box and the toggles' row keep
 * their room from before the call (hidden: the panel shows what comes before a call in the same room,
 * browser-call-step.tsx), so nothing moves when it starts. Screen readers hear
 * final lines only, from a polite live region: partials would be read again with every word.
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
      {/* A new final line is a new node (its key), so it is announced even when its text repeats the last. */}
      <p class="visually-hidden captions-heard" aria-live="polite">
        {heard && <span key={heard.id}>{`${speakerLabel(heard, copy)} ${heard.text}`}</span>}
      </p>
      {/* Captions while there are lines to show (a call's, also once it ended); Mute while connected. */}
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
