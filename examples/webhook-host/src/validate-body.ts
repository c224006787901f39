import { BUSINESS_TYPES, DEFAULT_BUSINESS_TYPE, type BusinessType } from '@franchise-ai/shared';
import type { Endpoint } from './endpoints.ts';

/** A request the host accepts, normalised for storage and the provider. */
export interface Lead {
  name: string;
  company: string;
  email: string;
  website: string | null;
  businessType: BusinessType;
  /** E.164, only for `trigger_ai_demo_call`. */
  phoneNumber: string | null;
}

export type Validation = { ok: true; lead: Lead } | { ok: false; fields: Record<string, string> };

const LIMITS = { name: 200, company: 200, email: 254, website: 2048 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;
// People type numbers with spaces, dots, dashes and brackets; E.164 has none.
const PHONE_PUNCTUATION = /[\s.\-()]/g;

export const normalizePhoneNumber = (raw: string): string => raw.replace(PHONE_PUNCTUATION, '');

/** Checks a parsed JSON body; every problem is reported, one message per field. */
export function validateBody(endpoint: Endpoint, body: unknown): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, fields: { body: 'The body must be a JSON object.' } };
  }
  const input = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const text = (key: keyof typeof LIMITS, label: string, required: boolean): string | null => {
    const value = input[key];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (required) fields[key] = `${label} is required.`;
      return null;
    }
    if (typeof value !== 'string') {
      fields[key] = `${label} must be a string.`;
      return null;
    }
    if (value.trim().length > LIMITS[key]) fields[key] = `${label} must be at most ${LIMITS[key]} characters.`;
    return value.trim();
  };

  const name = text('name', 'Name', true);
  const company = text('company', 'Company', true);
  const email = text('email', 'Email', true);
  if (email !== null && !fields['email'] && !EMAIL.test(email)) fields['email'] = 'Email must be a valid address.';
  const website = text('website', 'Website', false);
  if (website !== null && !fields['website'] && !isHttpUrl(website)) {
    fields['website'] = 'Website must be an http or https URL.';
  }
  const businessType = input['businessType'] ?? DEFAULT_BUSINESS_TYPE;
  if (!(BUSINESS_TYPES as readonly unknown[]).includes(businessType)) {
    fields['businessType'] = `businessType must be one of: ${BUSINESS_TYPES.join(', ')}.`;
  }
  let phoneNumber: string | null = null;
  if (endpoint === 'trigger_ai_demo_call') {
    const raw = input['phoneNumber'];
    if (typeof raw !== 'string' || raw.trim() === '') fields['phoneNumber'] = 'Phone number is required.';
    else if (!E164.test((phoneNumber = normalizePhoneNumber(raw)))) {
      fields['phoneNumber'] = 'Phone number must be in international format, e.g. +1 555 123 4567.';
    }
  }

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    lead: { name: name!, company: company!, email: email!, website, businessType: businessType as BusinessType, phoneNumber },
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
