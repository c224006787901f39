import { BUSINESS_TYPES } from './constants.ts';

/** Who the visitor is: changes only wording and the payload's `businessType`. */
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** What the demo form sends to `demo_form` and `website_demo_call` (spec section 3). */
export interface DemoRequest {
  name: string;
  company: string;
  email: string;
  /** Absolute http(s) URL; absent when the visitor left the field empty. */
  website?: string;
  businessType: BusinessType;
}

/** What `trigger_ai_demo_call` receives: the demo request plus the number to call. */
export interface PhoneCallRequest extends DemoRequest {
  phoneNumber: string;
}

/** The form as the visitor typed it: every field a string, nothing normalised yet. */
export interface DemoFormState {
  name: string;
  company: string;
  email: string;
  website: string;
  businessType: BusinessType;
}
