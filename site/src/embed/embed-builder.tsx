import { createElement, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { config } from '../config.ts';
import { PAGES } from '../routes.ts';
import { useWidgetLoader } from '../widget-loader.ts';
import { WIDGET_TAG } from '../widget-tag.ts';
import { AttributeInput, StyleInput } from './choice-fields.tsx';
import { defaultChoice, problemsOf, readQuery, writeQuery, type EmbedChoice, type Problem } from './embed-choice.ts';
import { SnippetCard } from './snippet-card.tsx';
import { embedCode, TARGETS } from './snippets.ts';
import { ATTRIBUTE_FIELDS, STYLE_FIELDS } from './widget-facts.ts';

// The snippets load the widget from this site, where its loader lives (config.widgetSrc), named by
// the site's public address: the same build /demo runs, and an address that works as soon as the
// site is deployed (the CDN scheme of widget/README.md has a host each deployment must fill in).
const LOADER_SRC = new URL(config.widgetSrc, config.siteUrl).href;

/** The site's own values where the widget has no default: its webhook base and voice key, as on /demo. */
const DEFAULTS = defaultChoice({ 'webhook-base': config.webhookBase, 'public-key': config.voicePublicKey });

/** The element's attributes, every one set (a flag as 'true' or 'false'): r2wc keeps a prop whose attribute is removed. */
function elementAttributes(choice: EmbedChoice): Record<string, string> {
  return Object.fromEntries(ATTRIBUTE_FIELDS.map((field) => [field.name, field.kind === 'flag' ? String(choice.attributes[field.name] === 'true') : choice.attributes[field.name]]));
}

/** Every property inline, defaults included: the partner's page has none of this site's theme. */
function elementStyle(choice: EmbedChoice): CSSProperties {
  return Object.fromEntries(STYLE_FIELDS.map((field) => [field.name, (choice.styles[field.name] ?? '').trim() || field.default])) as CSSProperties;
}

const NO_SCRIPT = '<p class="notice">The builder and its live preview need JavaScript. Without it, the snippets below show the standard setup.</p>';

export default function EmbedBuilder() {
  useWidgetLoader();
  // The prerendered page shows the defaults; the link's own choice is read once hydrated, so
  // server and client render the same first.
  const [choice, setChoice] = useState<EmbedChoice>(DEFAULTS);
  const [linkProblems, setLinkProblems] = useState<Problem[] | undefined>();
  useEffect(() => {
    const read = readQuery(window.location.search, DEFAULTS);
    // A link without a choice changes nothing: the hydrated page stays exactly as prerendered.
    if (writeQuery(read.choice, DEFAULTS) !== '') setChoice(read.choice);
    setLinkProblems(read.problems);
  }, []);

  const query = writeQuery(choice, DEFAULTS);
  // The address follows the choice, so a link reproduces it (not before the link has been read).
  useEffect(() => {
    if (linkProblems === undefined || window.location.search === query) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`);
  }, [query, linkProblems]);

  const problems = useMemo(() => problemsOf(choice), [choice]);
  const code = useMemo(() => embedCode(choice, LOADER_SRC), [choice]);
  const link = new URL(`${PAGES.embed.path}${query}`, config.siteUrl).href;
  const setAttribute = (name: string, value: string) => setChoice((current) => ({ ...current, attributes: { ...current.attributes, [name]: value } }));
  const setStyle = (name: string, value: string) => setChoice((current) => ({ ...current, styles: { ...current.styles, [name]: value } }));
  const problemCount = Object.keys(problems).length;

  return (
    <>
      <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT }} />
      <p className="embed-link-problems" role="status">
        {linkProblems?.length ? `This link had ${linkProblems.length === 1 ? 'a value' : 'values'} the widget would not take: ${linkProblems.map((problem) => problem.message).join(' ')}` : ''}
      </p>
      {/* Marked once hydrated and the link read: tests and monitoring wait for it, not for a timer. */}
      <div className="embed-workbench" data-builder-ready={linkProblems === undefined ? undefined : ''}>
        <form className="embed-form" aria-labelledby="embed-form-heading" onSubmit={(event) => event.preventDefault()}>
          <h2 id="embed-form-heading">Settings</h2>
          <fieldset>
            <legend>Attributes</legend>
            {ATTRIBUTE_FIELDS.map((field) => (
              <AttributeInput key={field.name} field={field} value={choice.attributes[field.name]} error={problems[field.name]} onChange={(value) => setAttribute(field.name, value)} />
            ))}
          </fieldset>
          <fieldset>
            <legend>Colours and shape</legend>
            {STYLE_FIELDS.map((field) => (
              <StyleInput key={field.name} field={field} value={choice.styles[field.name] ?? ''} error={problems[field.name]} onChange={(value) => setStyle(field.name, value)} />
            ))}
          </fieldset>
        </form>
        <section className="embed-preview" aria-labelledby="embed-preview-heading">
          <h2 id="embed-preview-heading">Live preview</h2>
          <p>The real widget with these settings: a request sent from here reaches the webhook base above.</p>
          {createElement(WIDGET_TAG, { ...elementAttributes(choice), style: elementStyle(choice) })}
        </section>
      </div>
      <section className="embed-snippets" aria-labelledby="embed-snippets-heading">
        <h2 id="embed-snippets-heading">Snippets</h2>
        <p className={problemCount ? 'field-error' : undefined}>
          {problemCount
            ? `${problemCount === 1 ? 'One setting is' : `${problemCount} settings are`} marked above: fix ${problemCount === 1 ? 'it' : 'them'} before you copy, or the widget will fall back or show its setup message.`
            : 'Each snippet holds the settings above. Paste it once per page.'}
        </p>
        <SnippetCard name="Link to these settings" where="Opens this page with the same choices, to share or to come back to." code={link} />
        {TARGETS.map((target) => (
          <SnippetCard key={target.id} name={target.name} where={target.where} code={target.snippet(code)} />
        ))}
      </section>
    </>
  );
}
