import type { Override } from './link-overrides.ts';

/**
 * What a link changed among the guarded attributes (link-overrides.ts), before any snippet or live
 * preview uses it: an alert, so screen readers hear it as the page opens, with the values side by
 * side and two answers. The company's values come first: the safe answer is the easy one.
 */
export function LinkWarning({ overrides, onKeep, onRestore }: { overrides: readonly Override[]; onKeep: () => void; onRestore: () => void }) {
  const one = overrides.length === 1;
  return (
    <section className="embed-link-warning" role="alert" aria-labelledby="embed-link-warning-heading">
      <h2 id="embed-link-warning-heading">Check this link before you use it</h2>
      <p>
        The link that opened this page sets {one ? 'a value' : 'values'} that decide{one ? 's' : ''} where a partner's leads and calls go and whose name and
        privacy policy visitors see. A crafted link could send them to someone else. Keep {one ? 'it' : 'them'} only if you know who made this link and why.
      </p>
      <dl className="embed-link-overrides">
        {overrides.map((override) => (
          <div key={override.name}>
            <dt>
              <code>{override.name}</code>
            </dt>
            <dd>
              This link: <code>{override.value.trim() || '(empty)'}</code>
            </dd>
            <dd>
              The company's: <code>{override.own || "(not set: the widget's default)"}</code>
            </dd>
          </div>
        ))}
      </dl>
      <p>The live preview and the snippets appear once you have chosen.</p>
      <div className="embed-link-answers">
        <button type="button" className="button primary" onClick={onRestore}>
          Use the company's values
        </button>
        <button type="button" className="button secondary" onClick={onKeep}>
          Keep the link's values
        </button>
      </div>
    </section>
  );
}
