import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import type { SampleCall } from '../content/types.ts';
import { useContent } from '../use-lang.ts';
import { CallCard } from './call-card.tsx';

/** The line being spoken at `time` seconds: the last one started by then, or -1 before the first. */
export function lineAt(lines: SampleCall['lines'], time: number): number {
  let current = -1;
  lines.forEach((line, index) => {
    if (line.at <= time) current = index;
  });
  return current;
}

/**
 * The hero's call card playing the company's sample recording: a native <audio> (nothing fetched
 * before Play: preload="none") run by one visible button, and the recording's transcript with the
 * line being spoken marked (class and aria-current; no live region, so nothing is announced over
 * the audio). Prerendered in full, so nothing moves when React takes over; a click before that is
 * replayed by hydrate.tsx.
 */
export function SampleCallCard({ sample }: { sample: SampleCall }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(-1);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const words = useContent().text.landing.sampleCall;
  const label = playing ? words.pause : words.play;
  const player = (
    <div className="sample-player">
      <button type="button" className="button compact sample-toggle" onClick={toggle}>
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {label}
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption, its spoken line highlighted */}
      <audio
        ref={audio}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrent(lineAt(sample.lines, event.currentTarget.currentTime))}
        onEnded={() => setCurrent(-1)}
      >
        <source src={sample.src} type={sample.type} />
      </audio>
    </div>
  );
  return (
    <section className="call-preview" aria-labelledby="sample-call-heading">
      <h2 id="sample-call-heading" className="visually-hidden">
        {words.heading}
      </h2>
      <CallCard status={words.status} footer={player}>
        {sample.lines.map((line, index) => (
          <p
            key={`${line.at}`}
            className={`bubble ${line.speaker === 'agent' ? 'assistant' : 'user'}${index === current ? ' is-current' : ''}`}
            aria-current={index === current ? 'true' : undefined}
          >
            {line.text}
          </p>
        ))}
      </CallCard>
    </section>
  );
}
