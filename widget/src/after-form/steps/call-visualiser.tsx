import { useEffect, useRef, useState } from 'preact/hooks';
import type { FlowState } from '../reducer.ts';
import type { DemoFlow } from '../../form/use-demo-flow.ts';
import { useCopy } from '../../i18n/copy-context.ts';

/** What the visualiser shows, told apart by shape as well as colour (later-steps.css). */
export type VisualiserMode = 'idle' | 'connecting' | 'listening' | 'speaking' | 'error';

/**
 * From the same state as the status text (flow/call-view.ts), so the two never disagree: before a
 * call, fetching the assistant is work ('Getting assistant ready...') and failing to is a failure
 * ('Error getting assistant'), not the rest of 'Assistant ready'.
 */
export function visualiserMode({
  callStatus,
  assistantSpeaking,
  assistantStatus,
}: Pick<FlowState, 'callStatus' | 'assistantSpeaking' | 'assistantStatus'>): VisualiserMode {
  switch (callStatus) {
    case 'active':
      return assistantSpeaking ? 'speaking' : 'listening';
    case 'starting':
      return 'connecting';
    case 'ended':
      return 'idle';
    case 'idle':
      return assistantStatus === 'ready' ? 'idle' : assistantStatus === 'error' ? 'error' : 'connecting';
    default:
      return 'error';
  }
}

/** mm:ss (minutes keep counting past 59). */
export const formatCallTime = (ms: number): string => {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * Each bar's share of the waveform's height (the hero's call card has 24 such bars), the
 * middle one the tallest: a fixed shape the voice's level scales, so a louder voice is a taller wave.
 */
export const BAR_WEIGHTS = [
  0.3, 0.45, 0.7, 0.5, 0.85, 0.6, 0.4, 0.65, 0.9, 0.55, 0.75, 0.45, 0.8, 0.6, 1, 0.7, 0.5, 0.85, 0.4, 0.65, 0.9, 0.55, 0.35, 0.7, 0.5, 0.3, 0.45, 0.25,
] as const;

/**
 * The assistant's voice as a waveform of 28 bars. The level arrives at most once a frame (the adapter
 * throttles it) and is written to one custom property, so a level costs a style change, not a render.
 * The bars are decoration: the status text says the same.
 */
export function CallVisualiser({ flow }: { flow: DemoFlow }) {
  const mode = visualiserMode(flow.state);
  const bars = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const { volume } = flow;
    volume.current = (level) => bars.current?.style.setProperty('--_level', String(Math.min(1, Math.max(0, level))));
    return () => void (volume.current = null);
  }, [flow.volume]);

  return (
    <span class={`visualiser-bars ${mode}`} ref={bars} aria-hidden="true">
      {BAR_WEIGHTS.map((weight, index) => (
        // Set through the CSSOM (no style attribute is parsed), which a strict CSP allows.
        <span key={index} style={{ '--_w': weight, '--_i': index }} />
      ))}
    </span>
  );
}

/** The call's time since it connected, mm:ss; kept once it ends. */
export function CallTimer({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const mode = visualiserMode(flow.state);
  const active = flow.state.callStatus === 'active';
  const times = flow.state.callTimes;
  const [now, setNow] = useState(Date.now);

  // While the call is active, the time is read again on each of the call's whole seconds, counted
  // from when the SDK reported the start, not from when this effect ran. After the call, the
  // reducer's end time keeps its length (hidden while a next call connects, and if it fails).
  useEffect(() => {
    if (!active || !times) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, 1000 - ((((at - times.start) % 1000) + 1000) % 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, [active, times]);

  // A failed call's time would read as the failure's: the time shows with a call or after one ended.
  const shown = times !== null && (active || times.end !== null) && mode !== 'connecting' && mode !== 'error';
  return (
    // role=timer is not live: screen readers read it when asked, not every second. Always there, its
    // room kept while it is hidden (no call yet, one connecting, one that failed), so nothing moves
    // when a call starts. Hidden, it is out of the accessibility tree too.
    <span class={shown ? 'call-timer' : 'call-timer unseen'} role="timer" aria-label={copy.callTimerLabel}>
      {formatCallTime(times ? Math.max(0, (times.end ?? now) - times.start) : 0)}
    </span>
  );
}
