import type { WidgetAddress } from './widget-address.ts';

/**
 * What the snippets' address means, above them: nothing to say for the public address; in a local
 * run, that they work on this computer only; with no address at all, why there is no snippet and
 * which setting gives one (docs/DEPLOYMENT.md).
 */
export function WidgetAddressNote({ address }: { address: WidgetAddress }) {
  if (address.kind === 'published') return null;
  if (address.kind === 'this-machine')
    return (
      <p className="notice" data-widget-address="this-machine">
        A local run: these snippets load the widget from this computer ({address.origin}), so they work in pages opened here, not on a partner's site. On the
        published site, this page gives snippets with its public address.
      </p>
    );
  return (
    <p className="notice" data-widget-address="unset">
      No snippet yet: this build does not know the site's public address (<code>VITE_SITE_URL</code> is still the placeholder), so a snippet copied here could
      not load the widget anywhere. Set <code>VITE_SITE_URL</code> (and <code>VITE_WIDGET_SRC</code> if the widget is served from elsewhere) and rebuild the
      site.
    </p>
  );
}
