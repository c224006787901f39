/**
 * Joins a base URL and a path (which starts with `/`) without doubling or dropping
 * the slash between them: configured bases come with and without a trailing one.
 */
export const joinUrl = (base: string, path: string): string => base.replace(/\/+$/, '') + path;
