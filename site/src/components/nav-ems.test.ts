import { describe, expect, it } from 'vitest';
import { figtree, widthOf } from '../../scripts/og-image-text.mjs';
import { LANG_NAMES } from '../lang.ts';
import { siteText } from '../content/site-text.ts';
import { siteTextFr } from '../content/site-text-fr.ts';
import { NAV_EMS } from './nav-ems.ts';

describe('NAV_EMS', () => {
  it("holds every header label of both languages, at its width in Figtree semibold (600, header.css's weight)", async () => {
    const font = await figtree(600);
    const labels = [...[siteText, siteTextFr].flatMap((text) => Object.values(text.sections)), ...Object.values(LANG_NAMES)];
    const measured = Object.fromEntries(labels.map((label) => [label, Number(widthOf(font, label, 1).toFixed(3))]));
    expect(NAV_EMS).toEqual(measured);
  });
});
