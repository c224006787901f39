// The privacy policy a snippet's consent words link to unless the sales person names another: the
// site's own privacy page in the page's language, as a full address on the origin the snippets load
// the widget from (widget-address.ts), so the link works on any partner's page and the consent's
// proof names the policy. None where no snippet is offered.
import type { Lang } from '../lang.ts';
import { TRANSLATED } from '../routes.ts';
import type { WidgetAddress } from './widget-address.ts';

export const privacyAddress = (address: WidgetAddress, lang: Lang): string =>
  address.kind === 'unset' ? '' : new URL(TRANSLATED[lang].privacy.path, `${address.origin}/`).href;
