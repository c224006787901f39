import { Check } from 'lucide-react';
import type { AudienceCard as Audience } from '../content/types.ts';
import { Icon } from './icon.tsx';

/** One audience of the hero (franchisors, franchisees): what they get and its offerings. */
export function AudienceCard({ card }: { card: Audience }) {
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
        <strong>Offerings:</strong> {card.offerings.join(', ')}
      </p>
    </article>
  );
}
