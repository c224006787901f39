import type { ViewFact } from '@franchise-ai/shared/demo-status';
import type { CopyKey } from '../../copy/copy.ts';
import { fillCopy } from '../../copy/fill-copy.ts';
import { panelContent, siteName } from '../../flow/profile-poll.ts';
import { hasOwnLabel } from '../../flow/fact-label.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import type { PanelState } from './use-profile-view.ts';
import { useCopy } from '../../copy/copy-context.ts';

// What the host read of the website: nothing until its first answer, then one polite announcement per change.

/** The label before a fact, by its kind (none before the description). */
const LABELS: Record<ViewFact['kind'], CopyKey | null> = {
  location: 'learnedLocation',
  investment: 'learnedInvestment',
  'franchise-fee': 'learnedFranchiseFee',
  royalty: 'learnedRoyalty',
  territory: 'learnedTerritory',
  support: 'learnedSupport',
  service: 'learnedService',
  hours: 'learnedHours',
  telephone: 'learnedTelephone',
  email: 'learnedEmail',
  description: null,
};

export function LearnedPanel({ flow, panel: { view, stopped } }: { flow: DemoFlow; panel: PanelState }) {
  const copy = useCopy();
  const content = panelContent(view, stopped);
  if (content === 'none') return null;
  const website = siteName(flow.state.request?.website ?? '');
  return (
    <section class="learned" aria-labelledby="fad-learned">
      <h3 id="fad-learned">{copy.learnedHeading}</h3>
      <div class="learned-body" aria-live="polite">
        {content === 'reading' && <p class="learned-note">{fillCopy(copy.learnedReading, { website })}</p>}
        {content === 'unreadable' && <p class="learned-note">{fillCopy(copy.learnedUnreadable, { website })}</p>}
        {view?.status === 'ready' && content === 'facts' && (
          <>
            {view.description && <p class="learned-description">{view.description.text}</p>}
            {view.facts.length > 0 && (
              <ul class="learned-facts">
                {view.facts.map((fact) => (
                  <li key={`${fact.kind}:${fact.text}`}>
                    {LABELS[fact.kind] && !hasOwnLabel(fact.text) && <span class="learned-kind">{`${copy[LABELS[fact.kind]!]}${copy.labelColon} `}</span>}
                    {fact.text}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
