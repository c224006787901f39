import { useRef, useState, type KeyboardEvent } from 'react';
import { CopyButton } from './copy-button.tsx';
import { TARGETS, type EmbedCode } from './snippets.ts';

/**
 * The platforms as tabs (the WAI-ARIA tabs pattern: arrow keys, Home and End move between them and
 * choose, only the chosen one is in the Tab order), and one panel with that platform's snippet and
 * its Copy button. The code is a <pre> in the role of a read-only text field (focusable, so it also
 * scrolls by keyboard), not a <textarea>: React rewrites a textarea's text while hydrating it.
 */
export function PlatformTabs({ code }: { code: EmbedCode }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const field = useRef<HTMLPreElement>(null);
  const target = TARGETS[selected]!;
  const snippet = target.snippet(code);

  const choose = (index: number) => {
    setSelected(index);
    tabs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = TARGETS.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div className="platform-tabs">
      <div role="tablist" aria-label="Platform" className="tab-list" onKeyDown={onKeyDown}>
        {TARGETS.map((candidate, index) => (
          <button
            key={candidate.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`embed-tab-${candidate.id}`}
            aria-selected={index === selected}
            aria-controls="embed-platform-panel"
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {candidate.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="embed-platform-panel" className="snippet" aria-labelledby={`embed-tab-${target.id}`}>
        <p id="embed-platform-where">{target.where}</p>
        {/* biome-ignore lint/a11y/useSemanticElements: a read-only text field that React hydrates as it is (a <textarea> would be rewritten) */}
        <pre
          ref={field}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: as above, the snippet is a read-only text field
          role="textbox"
          aria-readonly="true"
          aria-multiline="true"
          tabIndex={0}
          aria-labelledby={`embed-tab-${target.id}`}
          aria-describedby="embed-platform-where"
        >
          {snippet}
        </pre>
        <CopyButton text={snippet} what={`the ${target.name} snippet`} field={field} />
      </div>
    </div>
  );
}
