import type { BusinessType } from '@franchise-ai/shared/constants';
import type { firstCopy } from '../../copy/form-copy.ts';
import type { SubmitState } from './validation.ts';

// The form's texts that follow what the visitor does: read by form-step.tsx and by the shell, so both say the same.

type FirstCopyKey = keyof typeof firstCopy;

/** The hint under Submit for each submit state: which required field is still empty; none when it can be sent or is being sent. */
export const SUBMIT_HINTS = {
  ready: null,
  sending: null,
  'missing-name': 'missingName',
  'missing-company': 'missingCompany',
  'missing-email': 'missingEmail',
} as const satisfies Record<SubmitState, FirstCopyKey | null>;

/** The company field's label and placeholder: the brand for a franchisor, the location for a franchisee. */
export const companyTexts = (businessType: BusinessType) =>
  businessType === 'franchisee'
    ? ({ label: 'companyLabelFranchisee', placeholder: 'companyPlaceholderFranchisee' } as const)
    : ({ label: 'companyLabelFranchisor', placeholder: 'companyPlaceholderFranchisor' } as const);

export const submitText = (sending: boolean): Extract<FirstCopyKey, 'submit' | 'submitting'> => (sending ? 'submitting' : 'submit');

/** Every copy key the form's changing parts read: what the shell needs of the copy besides the markup. */
export const CHANGING_TEXTS = [
  'missingName',
  'missingCompany',
  'missingEmail',
  'companyLabelFranchisee',
  'companyPlaceholderFranchisee',
  'companyLabelFranchisor',
  'companyPlaceholderFranchisor',
  'submitting',
  'submit',
  'submitError',
  'loadFailed',
] as const satisfies readonly FirstCopyKey[];
