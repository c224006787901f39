import { Check } from 'lucide-react';
import type { AudienceCard as Audience } from '../content/types.ts';
import { useContent } from '../use-lang.ts';
import { Icon } from './icon.tsx';

/** One audience of the hero (franchisors, franchisees): what they get and its offerings. */
export function AudienceCard({ card }: { card: Audience }) {
  const { text } = useContent();
  return (
    <article className="card audience">
      <div className="audience-head">
        <span className="icon-tile">
          <Icon name={card.icon} />
        </span>
        <h2>{card.title}</h2>
      </div>
      <p>{card.text}</p>
      <ul className="checks">
        {card.features.map((feature) => (
          <li key={feature}>
            <Check aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <p className="offerings">
        <strong>{text.landing.offerings}</strong> {card.offerings.join(', ')}
      </p>
    </article>
  );
}
