import { useId, useRef } from 'react';
import { CopyButton } from './copy-button.tsx';

/**
 * One ready snippet: its name, where it goes, the code, and its Copy button. The code is a <pre>
 * in the role of a read-only text field (focusable, so it also scrolls by keyboard), not a
 * <textarea>: React rewrites a textarea's text while hydrating it, replacing the prerendered node.
 */
export function SnippetCard({ name, where, code }: { name: string; where: string; code: string }) {
  const id = useId();
  const field = useRef<HTMLPreElement>(null);
  return (
    <section className="snippet" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{name}</h3>
      <p id={`${id}-where`}>{where}</p>
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveElementToInteractiveRole: a read-only text field that React hydrates as it is (a <textarea> would be rewritten) */}
      <pre ref={field} role="textbox" aria-readonly="true" aria-multiline="true" tabIndex={0} aria-labelledby={`${id}-name`} aria-describedby={`${id}-where`}>
        {code}
      </pre>
      <CopyButton text={code} what={`the ${name} snippet`} field={field} />
    </section>
  );
}
