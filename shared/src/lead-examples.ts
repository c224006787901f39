// Apart from the lead rules so that the widget's form can show them as placeholders without
// carrying the rules themselves, which it checks only when the form is sent.

/** The examples the reasons give, which the widget's fields also show as placeholders. */
export const LEAD_EXAMPLES = { email: 'you@yourfranchise.com', website: 'www.yourfranchise.com' } as const;
