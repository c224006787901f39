import { Check, MapPinCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useContent } from '../use-lang.ts';

// The waveform's bars: hero.css gives each its height and, without reduced motion, makes them speak.
const BAR_COUNT = 24;

/**
 * The hero's call card (call-preview.tsx): the agent, a waveform, the transcript given as children,
 * the product's tags, and after them whatever `footer` adds (the sample call's player).
 */
export function CallCard({ status, children, footer }: { status: string; children: ReactNode; footer?: ReactNode }) {
  const { call } = useContent().text.landing;
  return (
    <div className="call-card">
      <div className="call-head">
        <span className="call-avatar">
          <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <g stroke="currentColor" strokeWidth="2.6" strokeLinecap="round">
              <path d="M8 13.5v5M13 9.5v13M18 11.5v9M23 14v4" />
            </g>
          </svg>
        </span>
        <span className="call-who">
          <span className="call-name">{call.agentName}</span>
          <span className="call-status">
            <span className="live-dot" /> {status}
          </span>
        </span>
      </div>
      <div className="call-wave" aria-hidden="true">
        {Array.from({ length: BAR_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical, fixed bars that never reorder
          <span key={index} />
        ))}
      </div>
      <div className="call-transcript bubbles">{children}</div>
      <div className="call-tags">
        <span>
          <Check aria-hidden="true" /> {call.tags[0]}
        </span>
        <span>
          <MapPinCheck aria-hidden="true" /> {call.tags[1]}
        </span>
      </div>
      {footer}
    </div>
  );
}
