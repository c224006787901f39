import { useEffect, useMemo, useRef, useState } from 'react';
import { config } from '../config.ts';
import { PAGES } from '../routes.ts';
import { useWidgetLoader } from '../widget-loader.ts';
import { ADVANCED_NAMES, AdvancedSettings } from './advanced-settings.tsx';
import { defaultChoice, problemsOf, readQuery, writeQuery, type EmbedChoice, type Problem } from './embed-choice.ts';
import { linkOverrides, withOwnValues, type Override } from './link-overrides.ts';
import { LinkWarning } from './link-warning.tsx';
import { PlatformTabs } from './platform-tabs.tsx';
import { DEFAULT_PRESET, type PresetId, presetById, quickSetupExplains, stylesForTheme, themeForLook } from './presets.ts';
import { QuickSetup } from './quick-setup.tsx';
import { SnippetCard } from './snippet-card.tsx';
import { privacyAddress } from './privacy-address.ts';
import { embedCode } from './snippets.ts';
import { type WidgetAddress, widgetAddress } from './widget-address.ts';
import { WidgetAddressNote } from './widget-address-note.tsx';
import { WidgetPreview } from './widget-preview.tsx';

// The snippets load the widget from this site, where its loader lives (config.widgetSrc): the same
// build /demo runs, named by the site's public address, or in a local run by the page's own server
// (widget-address.ts). Until hydrated, the page's origin is unknown: the prerendered page names the
// public address, or says there is none.
const addressOn = (pageOrigin: string | undefined) =>
  widgetAddress({ widgetSrc: config.widgetSrc, siteUrl: config.siteUrl, pageOrigin, demoPath: PAGES.demo.path });

/**
 * The site's own values: its webhook base and voice key, as on /demo, its privacy policy (in this
 * page's language) on the snippets' origin, and its look ('Our site').
 */
const defaultsOn = (address: WidgetAddress): EmbedChoice =>
  defaultChoice(
    { 'webhook-base': config.webhookBase, 'public-key': config.voicePublicKey, 'privacy-url': privacyAddress(address, PAGES.embed.lang) },
    DEFAULT_PRESET.styles,
  );
/** As prerendered, before the page's origin is known. */
const PRERENDERED = defaultsOn(addressOn(undefined));

/** A link that sets what only Advanced shows (or that Advanced must flag) opens it. */
const linkNeedsAdvanced = ({ choice, problems }: ReturnType<typeof readQuery>, defaults: EmbedChoice): boolean =>
  problems.some((problem) => ADVANCED_NAMES.has(problem.name)) ||
  Object.entries(choice.attributes).some(
    ([name, value]) => ADVANCED_NAMES.has(name) && value !== defaults.attributes[name as keyof EmbedChoice['attributes']],
  ) ||
  !quickSetupExplains(choice.styles);

const NEEDS_SCRIPT = 'The builder, its live preview and the platform tabs need JavaScript.';
/** Without JavaScript the page stays as prerendered: with a snippet when the build knows the public address. */
const noScript = (hasSnippet: boolean) =>
  `<p class="notice">${NEEDS_SCRIPT}${hasSnippet ? ' Without it, the snippet below is the one for an HTML page, with the standard setup.' : ''}</p>`;

export default function EmbedBuilder() {
  useWidgetLoader();
  const [address, setAddress] = useState(() => addressOn(undefined));
  const defaults = useMemo(() => defaultsOn(address), [address]);
  // The prerendered page shows the defaults; the link's own choice is read once hydrated, so
  // server and client render the same first.
  const [choice, setChoice] = useState<EmbedChoice>(PRERENDERED);
  const [linkProblems, setLinkProblems] = useState<Problem[] | undefined>();
  // What the link changed among the guarded attributes, until the sales person has answered: no
  // snippet and no live preview use those values before then.
  const [unconfirmed, setUnconfirmed] = useState<Override[]>([]);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  useEffect(() => {
    const here = addressOn(window.location.origin);
    const own = defaultsOn(here);
    setAddress(here);
    const read = readQuery(window.location.search, own);
    // A link without a choice, on the origin the page was prerendered for, changes nothing: the hydrated page stays exactly as prerendered.
    if (writeQuery(read.choice, PRERENDERED) !== '') setChoice(read.choice);
    setUnconfirmed(linkOverrides(read.choice, own));
    setLinkProblems(read.problems);
    if (linkNeedsAdvanced(read, own)) setAdvancedOpen(true);
  }, []);
  const snippetsHeading = useRef<HTMLHeadingElement>(null);
  /** The warning goes with its buttons: focus moves on to the snippets it was holding back. */
  const answer = (keep: boolean) => {
    if (!keep) setChoice((current) => withOwnValues(current, defaults));
    setUnconfirmed([]);
    requestAnimationFrame(() => snippetsHeading.current?.focus());
  };

  const query = writeQuery(choice, defaults);
  // The address follows the choice, so a link reproduces it (not before the link has been read).
  useEffect(() => {
    if (linkProblems === undefined || window.location.search === query) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`);
  }, [query, linkProblems]);

  const problems = useMemo(() => problemsOf(choice), [choice]);
  // A flagged field in Advanced must be seen: the section opens when one appears (it may be closed again).
  const advancedProblem = Object.keys(problems).some((name) => ADVANCED_NAMES.has(name));
  useEffect(() => {
    if (advancedProblem) setAdvancedOpen(true);
  }, [advancedProblem]);
  const code = useMemo(() => (address.kind === 'unset' ? undefined : embedCode(choice, address)), [choice, address]);
  const link = address.kind === 'unset' ? undefined : new URL(`${PAGES.embed.path}${query}`, `${address.origin}/`).href;
  const setAttribute = (name: string, value: string) =>
    setChoice((current) => ({
      ...current,
      attributes: { ...current.attributes, [name]: value },
      styles: name === 'theme' ? stylesForTheme(current.styles, value) : current.styles,
    }));
  const setLook = (look: PresetId) =>
    setChoice((current) => ({
      attributes: { ...current.attributes, theme: themeForLook(look, current.attributes.theme) },
      styles: { ...presetById(look).styles },
    }));
  const setStyle = (name: string, value: string) => setChoice((current) => ({ ...current, styles: { ...current.styles, [name]: value } }));
  const setStyles = (styles: Record<string, string>) => setChoice((current) => ({ ...current, styles }));
  const problemCount = Object.keys(problems).length;
  const waiting = unconfirmed.length > 0;

  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file; a hydrating client must leave <noscript> as it is */}
      <noscript dangerouslySetInnerHTML={{ __html: noScript(address.kind !== 'unset') }} />
      {waiting && <LinkWarning overrides={unconfirmed} onKeep={() => answer(true)} onRestore={() => answer(false)} />}
      <p className="embed-link-problems" role="status">
        {linkProblems?.length
          ? `This link had ${linkProblems.length === 1 ? 'a value' : 'values'} the widget would not take: ${linkProblems.map((problem) => problem.message).join(' ')}`
          : ''}
      </p>
      {/* Marked once hydrated and the link read: tests and monitoring wait for it, not for a timer. */}
      <div className="embed-workbench" data-builder-ready={linkProblems === undefined ? undefined : ''}>
        <form className="embed-form" aria-labelledby="embed-form-heading" onSubmit={(event) => event.preventDefault()}>
          <h2 id="embed-form-heading">Settings</h2>
          <QuickSetup choice={choice} setStyles={setStyles} setLook={setLook} setSide={(side) => setAttribute('business-type', side)} />
          <AdvancedSettings
            choice={choice}
            problems={problems}
            open={advancedOpen}
            onToggle={setAdvancedOpen}
            setAttribute={setAttribute}
            setStyle={setStyle}
          />
        </form>
        <section className="embed-preview" aria-labelledby="embed-preview-heading">
          <h2 id="embed-preview-heading">Live preview</h2>
          {waiting ? (
            <p className="notice">The preview waits for your answer about this link's values, above.</p>
          ) : (
            <>
              <p>The real widget with these settings: a request sent from here reaches the webhook base above.</p>
              <WidgetPreview choice={choice} problems={problems} />
            </>
          )}
        </section>
      </div>
      <section className="embed-snippets" aria-labelledby="embed-snippets-heading">
        <h2 id="embed-snippets-heading" ref={snippetsHeading} tabIndex={-1}>
          Snippets
        </h2>
        <WidgetAddressNote address={address} />
        {/* A flagged value never reaches a snippet: none is shown until every field is fixed. */}
        {address.kind !== 'unset' && (
          <p className={problemCount ? 'field-error' : undefined}>
            {waiting
              ? "The snippets wait for your answer about this link's values, above."
              : problemCount
                ? `${problemCount === 1 ? 'One setting is' : `${problemCount} settings are`} marked above: the snippets appear once ${problemCount === 1 ? 'it is' : 'they are'} fixed.`
                : "Choose the partner's platform: its snippet holds the settings above. Paste it once per page."}
          </p>
        )}
        {!waiting && problemCount === 0 && code && <PlatformTabs code={code} />}
        {!waiting && link && (
          <SnippetCard name="Link to these settings" where="Opens this page with the same choices, to share or to come back to." code={link} />
        )}
      </section>
    </>
  );
}
