// How a host reads visitors' websites, from its environment, alike on both hosts: whether
// loopback sites may be read, and the user agent the reader names itself by.
import { parseSwitch } from './env-switch.ts';
import { readerUserAgent, ROBOTS_PRODUCT_TOKEN } from './site-reader.ts';
import { isHttpUrl, parseUrl } from './web-url.ts';

export interface SiteReaderSettings {
  /** `ALLOW_PRIVATE_WEBSITES=1`: sites on 127.0.0.1 / ::1 may be read (the run command, the tests); nothing else private. */
  allowLoopback: boolean;
  /** The product token, and with `READER_INFO_URL` the page that tells a site's operator what reads it. */
  userAgent: string;
}

/** The settings from the environment; a malformed value throws, naming the variable. */
export function siteReaderSettingsFromEnv(env: Record<string, string | undefined>): SiteReaderSettings {
  const infoUrl = env['READER_INFO_URL']?.trim() ?? '';
  if (infoUrl && !isHttpUrl(parseUrl(infoUrl))) throw new Error(`READER_INFO_URL must be an http(s) address; got "${infoUrl}".`);
  return {
    allowLoopback: parseSwitch('ALLOW_PRIVATE_WEBSITES', env['ALLOW_PRIVATE_WEBSITES']),
    userAgent: infoUrl ? readerUserAgent(infoUrl) : ROBOTS_PRODUCT_TOKEN,
  };
}
