import { copy } from '../copy.ts';
import type { DemoFlow } from '../use-demo-flow.ts';

export function AgentDetails({ flow }: { flow: DemoFlow }) {
  const { request, agentId } = flow.state;
  return (
    <section class="details" part="card" aria-labelledby="fad-details">
      <h3 id="fad-details">{copy.agentDetailsHeading}</h3>
      <dl>
        <div>
          <dt>{copy.agentNameLabel}</dt>
          <dd>{request?.name}</dd>
        </div>
        <div>
          <dt>{copy.agentCompanyLabel}</dt>
          <dd>{request?.company}</dd>
        </div>
        <div>
          <dt>{copy.agentIdLabel}</dt>
          <dd class="mono">{agentId}</dd>
        </div>
      </dl>
    </section>
  );
}
