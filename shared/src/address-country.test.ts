import { expect, it } from 'vitest';
import { addressCountry } from './address-country.ts';

it.each([
  ['1027, 3e Avenue, Québec QC G1L 2X3', 'CA'],
  ['5 Church Square\nMarket Harborough\nLE16 7NB\n', 'GB'],
  ['Tel: +44 1274 483913', 'GB'],
  ['65 Airport Boulevard, Singapore 819663', 'SG'],
  ['Munjeri, Bebwewadi, Pune 411037', 'IN'],
  ['Tél. 00 32 (0)2 731 49 99, Waterloo', 'BE'],
  ['6 rue des Halles, 75001 Paris', null],
  ['Boulder, CO 80302', null],
])('%j is in %s', (text, country) => expect(addressCountry(text)).toBe(country));
