// A 0/1 switch of a host's environment, read alike by every setting that is one (RECORD_CALLS,
// ALLOW_PRIVATE_WEBSITES) on both hosts. Its own module so that a setting reads it without
// bringing along the phone metadata call-policy.ts carries (n8n's Code nodes bundle what they import).

/** A 0/1 switch from the environment (unset is off); anything else throws, naming the variable. */
export function parseSwitch(name: string, value: string | undefined): boolean {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === '0') return false;
  if (trimmed === '1') return true;
  throw new Error(`${name} must be 1 (on) or 0 (off); got "${value}".`);
}
