import { frFirstCopy } from '../../src/i18n/fr-form-copy.ts';
import { frLaterCopy } from '../../src/i18n/fr-later-copy.ts';

/** Every text of the French widget (issue 33), to drive and check it as a French visitor sees it. */
export const french = { ...frFirstCopy, ...frLaterCopy };
