/**
 * Each header link's label set in Figtree semibold, its width in em (nav-ems.test.ts measures them
 * from the font file). header.css sizes the links from it (data-ems), so the swap from the fallback
 * font moves nothing and every label has the same room either side, in both languages.
 */
export const NAV_EMS: Readonly<Record<string, number>> = {
  'Franchise Solutions': 8.852,
  'How It Works': 6.146,
  'Get Started': 5.346,
  'Nos solutions': 6.162,
  'Comment ça marche': 9.5,
  Commencer: 5.604,
  English: 3.267,
  Français: 3.775,
};
