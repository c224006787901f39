// The French copy's examples, one place for the placeholders (fr-form-copy.ts) and the reasons
// that quote them (fr-later-copy.ts), as LEAD_EXAMPLES is for the English. French addresses, not
// 'you@yourfranchise.com': the English example reads as English on a French form.
// fr-copy.test.ts holds them to the lead rules, so an example is never one the form refuses.

/** What a French visitor sees as the e-mail and website examples. */
export const FR_LEAD_EXAMPLES = { email: 'vous@votre-enseigne.fr', website: 'www.votre-enseigne.fr' } as const;

/**
 * A valid French number in the range ARCEP keeps for fiction (01 99 00 xx xx), as the English's
 * '+1 201 555 0123' is in the 555-01xx one: a good example to copy that rings nobody. Spelled as
 * libphonenumber-js writes it internationally (fr-copy.test.ts checks both).
 */
export const FR_PHONE_EXAMPLE = '+33 1 99 00 12 34';
