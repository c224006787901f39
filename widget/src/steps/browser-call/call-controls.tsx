import type { ComponentChildren } from 'preact';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { useCopy } from '../../copy/copy-context.ts';

/** A round toggle: its icon on screen, its one name (visually hidden) to everyone else; its state is aria-pressed. */
function Toggle({
  seen,
  pressed,
  name,
  onClick,
  children,
}: {
  seen: boolean;
  pressed: boolean;
  name: string;
  onClick: () => void;
  children: ComponentChildren;
}) {
  return (
    <button type="button" class={seen ? 'secondary round' : 'secondary round unseen'} aria-pressed={pressed} onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {children}
      </svg>
      <span class="visually-hidden">{name}</span>
    </button>
  );
}

/**
 * The call's one centred row: Captions, the call button (`children`) in the middle, Mute. The toggles keep their
 * room while hidden before a call, so the call button never moves.
 */
export function CallControls({
  flow,
  shown,
  toggleCaptions,
  children,
}: {
  flow: DemoFlow;
  shown: boolean;
  toggleCaptions: () => void;
  children: ComponentChildren;
}) {
  const copy = useCopy();
  const { state } = flow;
  const connected = state.callStatus === 'active';
  const muted = connected && state.muted === true;

  return (
    <>
      <div class="call-controls">
        <Toggle seen={connected || !!state.captions?.length} pressed={shown} name={copy.captionsToggle} onClick={toggleCaptions}>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M7 15h4m4 0h2M7 11h2m4 0h4" />
        </Toggle>
        {children}
        <Toggle seen={connected} pressed={muted} name={copy.mute} onClick={() => flow.setMuted(!muted)}>
          <rect x="9" y="2" width="6" height="13" rx="3" />
          <path d={muted ? 'M19 10v2a7 7 0 0 1-14 0v-2m7 9v3M3 3l18 18' : 'M19 10v2a7 7 0 0 1-14 0v-2m7 9v3'} />
        </Toggle>
      </div>
      <p class="call-muted" aria-live="polite">
        {muted && copy.microphoneMuted}
      </p>
    </>
  );
}
