// What a web address is, as the widget, the webhook host and the site all judge it: one of the
// web's two schemes, and a base whose trailing slashes do not count when a path is joined to it.

/** Text that starts with `http://` or `https://`, in any case, as people type it. */
export const hasHttpScheme = (text: string): boolean => /^https?:\/\//i.test(text);

/** `value` parsed as a URL (relative to `base` when one is given), or null when it is none. */
export function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * A parsed URL on http: or https:. The parser writes these schemes in lower case with their `//`
 * (`HTTP:host` becomes `http://host/`), so the text check above reads its serialisation alike.
 */
export const isHttpUrl = (url: URL | null): url is URL => url !== null && hasHttpScheme(url.href);

/** `https://h.example/x//` is `https://h.example/x`: how many slashes end a base says nothing. */
export const withoutTrailingSlashes = (text: string): string => text.replace(/\/+$/, '');

/**
 * Joins a base URL and a path (which starts with `/`) without doubling or dropping
 * the slash between them: configured bases come with and without a trailing one.
 */
export const joinUrl = (base: string, path: string): string => withoutTrailingSlashes(base) + path;
