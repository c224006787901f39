import type { Stat } from '../content/types.ts';
import { Icon } from './icon.tsx';

/** Figures as a grid of tiles: pictogram, large figure, label. A description list: label, then figure. */
export function StatList({ stats, label, className = '' }: { stats: readonly Stat[]; label: string; className?: string }) {
  return (
    <dl className={`stats ${className}`.trim()} aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.label} className="stat">
          <dt>{stat.label}</dt>
          <dd>
            <span className="stat-icon">
              <Icon name={stat.icon} />
            </span>
            <span className="stat-value">{stat.value}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
