import { useLocation } from 'wouter';
import { LANG_NAMES, LANGS } from '../lang.ts';
import { pageFor } from '../route-match.ts';
import { translationsOf } from '../routes.ts';
import { NAV_EMS } from './nav-ems.ts';

/**
 * Links to the page the visitor is on, in each other language: 'Français' on an English page,
 * 'English' on a French one, each written and marked (`lang`, `hreflang`) in its own language so a
 * screen reader says it in that language. A full page load, not a client-side link: the new page
 * arrives with its own <html lang>, title and head. Nothing on a page in one language only (/embed,
 * the 404 page).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const [location] = useLocation();
  const page = pageFor(location);
  const translations = translationsOf(page);
  if (!translations) return null;
  return LANGS.filter((lang) => lang !== page.lang).map((lang) => (
    <a key={lang} href={translations[lang].path} lang={lang} hrefLang={lang} className={className} data-ems={NAV_EMS[LANG_NAMES[lang]]}>
      {LANG_NAMES[lang]}
    </a>
  ));
}
