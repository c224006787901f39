// The spec's placeholders that a default build ships, each named with the VITE_* setting that
// replaces it and what it is. scripts/check-placeholders.mjs runs this before every production
// build: it warns naming each one still unset, or with STRICT_PLACEHOLDERS=1 stops the build, so no
// release ships `.example` e-mails, 555 numbers or "[Jurisdiction]" without saying so.
import { PLACEHOLDER_DEFAULTS } from './placeholder-defaults.ts';

export type PlaceholderSetting = keyof typeof PLACEHOLDER_DEFAULTS;

export interface Placeholder {
  /** The build-time variable that replaces it. */
  setting: PlaceholderSetting;
  /** What it is, as the warning names it. */
  what: string;
  /** What ships while the setting is unset. */
  value: string;
}

const WHAT: Record<PlaceholderSetting, string> = {
  VITE_SITE_URL: 'public origin (canonical links, og:url, robots.txt, sitemap.xml)',
  VITE_WEBHOOK_BASE: 'automation host base (demo form and calls)',
  VITE_VOICE_PUBLIC_KEY: "voice provider's public key (in-browser call)",
  VITE_CONTACT_EMAIL: 'footer contact email',
  VITE_PRIVACY_EMAIL: "privacy page's contact email",
  VITE_LEGAL_EMAIL: "terms page's contact email",
  VITE_PHONE_US: 'footer US phone number',
  VITE_PHONE_FR: 'footer FR phone number',
  VITE_JURISDICTION: "terms' governing law and courts",
};

export const PLACEHOLDERS: readonly Placeholder[] = Object.entries(PLACEHOLDER_DEFAULTS).map(([setting, value]) => ({
  setting: setting as PlaceholderSetting,
  what: WHAT[setting as PlaceholderSetting],
  value,
}));

/** The placeholders `env` leaves unset (missing or blank, as config.ts reads them), in list order. */
export const unsetPlaceholders = (env: Readonly<Record<string, string | undefined>>): Placeholder[] =>
  PLACEHOLDERS.filter((placeholder) => !env[placeholder.setting]?.trim());

/** The build's warning block: one line per unset placeholder, naming its setting, what it is and what ships. */
export function placeholderWarning(unset: readonly Placeholder[], strict: boolean): string {
  const width = Math.max(...unset.map((placeholder) => placeholder.setting.length));
  const rule = '!'.repeat(78);
  return [
    rule,
    `${strict ? 'ERROR' : 'WARNING'}: this build ships ${unset.length} placeholder${unset.length === 1 ? '' : 's'}; set each variable before a release:`,
    ...unset.map(
      (placeholder) => `  ${placeholder.setting.padEnd(width)}  ${placeholder.what}; ships ${placeholder.value ? JSON.stringify(placeholder.value) : 'empty'}`,
    ),
    strict
      ? 'STRICT_PLACEHOLDERS=1 is set: the build stops here.'
      : 'Set STRICT_PLACEHOLDERS=1 to make this an error (release pipelines); see docs/DEPLOYMENT.md.',
    rule,
  ].join('\n');
}
