import type { SampleCall } from '../content/types.ts';
import { useContent } from '../use-lang.ts';
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
  const { call } = useContent().text.landing;
  if (sample) return <SampleCallCard sample={sample} />;
  return (
    <div className="call-preview" role="img" aria-label={call.illustration}>
      <CallCard status={call.status}>
        <p className="bubble assistant">{call.lines[0]}</p>
        <p className="bubble user">{call.lines[1]}</p>
        <p className="bubble assistant">{call.lines[2]}</p>
        <p className="bubble assistant typing">
          <span />
          <span />
          <span />
        </p>
      </CallCard>
    </div>
  );
}
