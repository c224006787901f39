import type { SampleCall } from '../content/types.ts';
import { CallCard } from './call-card.tsx';
import { SampleCallCard } from './sample-call.tsx';

/**
 * The hero's picture of the product: a call the AI agent is having with a prospective franchisee,
 * drawn in HTML and CSS (no image to wait for). Without a recording the lines are generic examples
 * of what the agent does (spec section 1: candidate qualifying, territory availability checking),
 * no names, no figures: one image to screen readers, with a short label saying what it shows. With
 * the company's sample recording (content/proof.ts) the card plays it and shows its transcript.
 */
export function CallPreview({ sample }: { sample: SampleCall | null }) {
  if (sample) return <SampleCallCard sample={sample} />;
  return (
    <div
      className="call-preview"
      role="img"
      aria-label="Illustration: an AI voice agent on a call, qualifying a franchise candidate and checking territory availability"
    >
      <CallCard status="On a call with a franchise candidate">
        <p className="line agent">Thanks for your interest in the franchise! Can I ask a few questions about your plans?</p>
        <p className="line caller">Sure. I'd like to open a location near where I live.</p>
        <p className="line agent">Great. Tell me the area and I'll check territory availability for you right now.</p>
        <p className="line agent typing">
          <span />
          <span />
          <span />
        </p>
      </CallCard>
    </div>
  );
}
