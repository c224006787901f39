import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { useCopy } from '../../copy/copy-context.ts';

/** Up to two letters for the agent's avatar: the first of the company's first two words. */
function monogram(company: string): string {
  const words = company.trim().split(/\s+/).filter(Boolean);
  // Array.from: by code point, so an emoji or an accented capital stays whole.
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!)
    .join('')
    .toLocaleUpperCase();
}

/** The agent's monogram in a disc: decoration, as its company is written beside it wherever it shows. */
export function AgentAvatar({ company }: { company: string }) {
  return (
    <span class="agent-avatar" aria-hidden="true">
      {monogram(company)}
    </span>
  );
}

export function AgentDetails({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const { request, agentId } = flow.state;
  const company = request?.company ?? '';
  return (
    <section class="agent" part="card" aria-labelledby="fad-details">
      <div class="agent-head">
        <AgentAvatar company={company} />
        <div class="agent-who">
          <h3 id="fad-details">{copy.agentDetailsHeading}</h3>
          <p class="agent-name">{company}</p>
          {request && <p class="agent-type">{copy[request.businessType]}</p>}
        </div>
        {/* Only once an assistant id arrived (the browser call asks for one): before that no assistant is ready. */}
        {flow.state.assistantId && <p class="chip">{copy.statusAssistantReady}</p>}
      </div>
      <dl class="agent-facts">
        <div>
          <dt>{copy.agentNameLabel}</dt>
          <dd>{request?.name}</dd>
        </div>
        <div>
          <dt>{copy.agentCompanyLabel}</dt>
          <dd>{company}</dd>
        </div>
        <div>
          <dt>{copy.agentIdLabel}</dt>
          <dd class="mono">{agentId}</dd>
        </div>
      </dl>
    </section>
  );
}
