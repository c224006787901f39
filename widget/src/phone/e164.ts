/** Where a number is sent: `+`, country code, subscriber number, digits only (what the host accepts). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const isE164 = (value: string): boolean => E164_PATTERN.test(value);

const PHONE_PUNCTUATION = /[\s.\-()]/g;

/** The number without the punctuation people type: what both the widget (without its rules) and the host check as E.164. */
export const normalizePhoneNumber = (raw: string): string => raw.replace(PHONE_PUNCTUATION, '');
