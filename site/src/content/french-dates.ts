// The legal pages' date in French, from the one English constant (shared/constants.ts): 'December
// 2024' reads 'décembre 2024'. Written from the month's number, not by parsing the string as a date,
// which browsers parse differently.
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** 'December 2024' -> 'décembre 2024'; throws on anything else, so a changed constant breaks the build, not the page. */
export function frenchMonthYear(monthYear: string): string {
  const [, month = '', year = ''] = /^(\w+) (\d{4})$/.exec(monthYear) ?? [];
  const index = MONTHS_EN.indexOf(month);
  if (index < 0) throw new Error(`not a "Month YYYY" date: ${JSON.stringify(monthYear)}`);
  return `${MONTHS_FR[index]} ${year}`;
}
