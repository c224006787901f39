// The "without scripts" variant of a page: every <script> element and every modulepreload link
// removed, nothing else touched (same CSS, fonts, images, markup), so the difference in LCP between
// the two variants is what the page's JavaScript costs the first paint.
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULEPRELOAD = /<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi;

/** `html` with its scripts and modulepreload links removed. */
export const stripScripts = (html) => html.replace(SCRIPT, '').replace(MODULEPRELOAD, '');
