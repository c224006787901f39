import type { IconCard } from '../content/types.ts';
import { Icon } from './icon.tsx';

/**
 * A row of cards, each with its pictogram. Titles sit one level below the heading they follow: h4
 * under a group's h3, h3 under a section's h2. `tone` tints the pictograms (problems are warm).
 */
export type CardTone = 'warn' | 'accent';

export function IconCards({ cards, level = 4, tone }: { cards: readonly IconCard[]; level?: 3 | 4; tone?: CardTone | undefined }) {
  const Title = level === 3 ? 'h3' : 'h4';
  return (
    <ul className="grid three">
      {cards.map((card) => (
        <li key={card.title} className="card">
          <span className={`icon-tile ${tone ?? ''}`.trim()}>
            <Icon name={card.icon} />
          </span>
          <Title>{card.title}</Title>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
