import { Check, MapPinCheck } from 'lucide-react';

// The waveform's bars: hero.css gives each its height and, without reduced motion, makes them speak.
const BAR_COUNT = 24;

/**
 * The hero's picture of the product: a call the AI agent is having with a prospective franchisee,
 * drawn in HTML and CSS (no image to wait for). The lines are generic examples of what the agent
 * does (spec section 1: candidate qualifying, territory availability checking), no names, no
 * figures. One image to screen readers, with a short label saying what it shows.
 */
export function CallPreview() {
  return (
    <div className="call-preview" role="img" aria-label="Illustration: an AI voice agent on a call, qualifying a franchise candidate and checking territory availability">
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
            <span className="call-name">Your franchise AI agent</span>
            <span className="call-status">
              <span className="live-dot" /> On a call with a franchise candidate
            </span>
          </span>
        </div>
        <div className="call-wave">
          {Array.from({ length: BAR_COUNT }, (_, index) => (
            <span key={index} />
          ))}
        </div>
        <div className="call-transcript">
          <p className="line agent">Thanks for your interest in the franchise! Can I ask a few questions about your plans?</p>
          <p className="line caller">Sure. I'd like to open a location near where I live.</p>
          <p className="line agent">Great. Tell me the area and I'll check territory availability for you right now.</p>
          <p className="line agent typing">
            <span />
            <span />
            <span />
          </p>
        </div>
        <div className="call-tags">
          <span>
            <Check /> Candidate qualifying
          </span>
          <span>
            <MapPinCheck /> Territory availability checking
          </span>
        </div>
      </div>
    </div>
  );
}
