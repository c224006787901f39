// The build settings naming an address a released site's visitors must reach, set to one they
// cannot (address-reach.ts): scripts/check-placeholders.mjs names them in a loud block, and with
// STRICT_PLACEHOLDERS=1 stops the build. A setting left unset is a placeholder instead
// (placeholders.ts): its defaults are such addresses too (this machine's host, `.example`).
import { type AddressReach, addressReach } from './address-reach.ts';
import type { PlaceholderSetting } from './placeholders.ts';

/** The settings checked, and what each is for. */
export const ADDRESS_SETTINGS: Readonly<Partial<Record<PlaceholderSetting, string>>> = {
  VITE_WEBHOOK_BASE: 'where /demo posts every lead',
  VITE_SITE_URL: 'the public origin of canonical links, sitemap and /embed snippets',
};

export interface UnreachableSetting {
  setting: PlaceholderSetting;
  value: string;
  reach: Exclude<AddressReach, 'public' | 'unparsable'>;
}

const WHY: Record<UnreachableSetting['reach'], string> = {
  test: 'a .test name, resolved by the tests alone',
  example: 'an .example name, which stands for an address in the docs',
  loopback: "the visitor's own machine",
};

/** The address settings `env` sets (not blank) to an address no visitor can reach, in ADDRESS_SETTINGS' order. */
export function unreachableSettings(env: Readonly<Record<string, string | undefined>>): UnreachableSetting[] {
  return Object.keys(ADDRESS_SETTINGS).flatMap((setting) => {
    const value = env[setting]?.trim();
    if (!value) return [];
    const reach = addressReach(value);
    return reach === 'public' || reach === 'unparsable' ? [] : [{ setting: setting as PlaceholderSetting, value, reach }];
  });
}

/** The build's block for them: one line each, naming the setting, its value and why no visitor reaches it. */
export function unreachableWarning(found: readonly UnreachableSetting[], strict: boolean): string {
  const rule = '!'.repeat(78);
  return [
    rule,
    `${strict ? 'ERROR' : 'WARNING'}: this build must not ship: ${found.length === 1 ? 'a setting names an address' : `${found.length} settings name addresses`} no visitor can reach:`,
    ...found.map(({ setting, value, reach }) => `  ${setting} = ${JSON.stringify(value)}: ${WHY[reach]} (${ADDRESS_SETTINGS[setting]})`),
    strict
      ? 'STRICT_PLACEHOLDERS=1 is set: the build stops here.'
      : 'Set each to the public address before a release; STRICT_PLACEHOLDERS=1 makes this an error (docs/DEPLOYMENT.md).',
    rule,
  ].join('\n');
}
