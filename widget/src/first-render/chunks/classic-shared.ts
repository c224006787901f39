// What the lazy chunks take from the main chunk (build/classic-chunks.ts); a module listed here joins the first render.
import * as validation from '../form-rules/validation.ts';
import * as lazyChunks from './lazy-chunks.ts';
import * as constants from '@franchise-ai/shared/constants';
import * as events from '../element/events.ts';
import * as webUrl from '@franchise-ai/shared/web-url';
import * as blankText from '@franchise-ai/shared/blank-text';
import * as formTexts from '../form-rules/form-texts.ts';
import * as followUpContact from '@franchise-ai/shared/follow-up-contact';
import * as emailAddress from '@franchise-ai/shared/email-address';

// A plain object, not this module's namespace: the bundler's namespace helper walks what a page adds
// to Object.prototype (a string there throws "Getter must be a function"), and no widget would start.
export const sharedModules = {
  validation,
  lazyChunks,
  constants,
  events,
  webUrl,
  blankText,
  formTexts,
  followUpContact,
  emailAddress,
};
