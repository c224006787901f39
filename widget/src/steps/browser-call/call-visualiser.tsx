import { useEffect, useRef, useState } from 'preact/hooks';
import type { FlowState } from '../../flow/reducer.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { useCopy } from '../../copy/copy-context.ts';

/** What the visualiser shows, told apart by shape as well as colour (later-steps.css). */
export type VisualiserMode = 'idle' | 'connecting' | 'listening' | 'speaking' | 'error';

/** From the same state as the status text (flow/call-view.ts), so the two never disagree. */
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

/** Each bar's share of the waveform's height: a fixed shape the voice's level scales. */
export const BAR_WEIGHTS = [
  0.3, 0.45, 0.7, 0.5, 0.85, 0.6, 0.4, 0.65, 0.9, 0.55, 0.75, 0.45, 0.8, 0.6, 1, 0.7, 0.5, 0.85, 0.4, 0.65, 0.9, 0.55, 0.35, 0.7, 0.5, 0.3, 0.45, 0.25,
] as const;

/** The assistant's voice as bars; the level is one custom property, so it costs a style change, not a render. */
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

export function CallTimer({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const mode = visualiserMode(flow.state);
  const active = flow.state.callStatus === 'active';
  const times = flow.state.callTimes;
  const [now, setNow] = useState(Date.now);

  // Ticks on the call's whole seconds, counted from the SDK's start, not from when this effect ran.
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
    // role=timer is not live: read when asked, not every second. Its room is kept while hidden, so nothing moves.
    <span class={shown ? 'call-timer' : 'call-timer unseen'} role="timer" aria-label={copy.callTimerLabel}>
      {formatCallTime(times ? Math.max(0, (times.end ?? now) - times.start) : 0)}
    </span>
  );
}
