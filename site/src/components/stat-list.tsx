import { useId } from 'react';
import type { StatGroup } from '../content/types.ts';
import { Icon } from './icon.tsx';

/**
 * Figures as a grid of tiles (pictogram, large figure, label; a description list: label, then
 * figure), then the group's note: whom they are for and on what basis. The note is visible, not
 * only read out, so no figure on the page stands unqualified beside another that seems to disagree.
 */
export function StatList({ group, label, className = '' }: { group: StatGroup; label: string; className?: string }) {
  const noteId = useId();
  return (
    <div className={`stat-group ${className}`.trim()}>
      <dl className="stats" aria-label={label} aria-describedby={noteId}>
        {group.stats.map((stat) => (
          <div key={stat.label} className="stat">
            <dt>{stat.label}</dt>
            <dd>
              <span className="icon-tile stat-icon">
                <Icon name={stat.icon} />
              </span>
              <span className="stat-value">{stat.value}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p id={noteId} className="stat-note">
        <strong>{group.audience}.</strong> {group.basis}
      </p>
    </div>
  );
}
