/**
 * The brand mark: a speech bubble carrying a voice waveform, for an AI that talks to your leads.
 * Decorative: the name beside it is the logo's text. public/favicon.svg is the same drawing.
 */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M9 3h14a6 6 0 0 1 6 6v10a6 6 0 0 1-6 6h-6.2l-5.6 4.3c-.8.6-2 0-2-1V25H9a6 6 0 0 1-6-6V9a6 6 0 0 1 6-6Z" fill="var(--color-brand, #4f46e5)" />
      <g stroke="#fff" strokeWidth="2.4" strokeLinecap="round">
        <path d="M10 12.5v3" />
        <path d="M14 9.5v9" />
        <path d="M18 11v6" />
      </g>
      <path d="M22 13v2" stroke="var(--color-accent, #06b6d4)" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
