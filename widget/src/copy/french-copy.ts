import { typesetFrench } from '@franchise-ai/shared/french-typography';
import type { Copy } from './copy.ts';
import { frFirstCopy } from './fr-form-copy.ts';
import { frLaterCopy } from './fr-later-copy.ts';

/** Every text of the flow in French: the form's and the later steps', joined as src/copy/copy.ts joins the English. */
export const frenchCopy: Copy = typesetFrench({ ...frFirstCopy, ...frLaterCopy });
