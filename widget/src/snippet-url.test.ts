import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's snippet and its versioned CDN URLs must name the version package.json releases and
// the script-tag file it publishes (`unpkg`), so a release or a renamed loader shows up here.
const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const packageJson = JSON.parse(read('package.json')) as { name: string; version: string; unpkg: string; jsdelivr: string };
const [major, minor] = packageJson.version.split('.').map(Number) as [number, number];
/** The compatible range a page pins: the major from 1.0.0 on; before it `0.{minor}`, since a 0.x minor may break (npm's caret rule). */
const range = major >= 1 ? `${major}` : `0.${minor}`;
const loader = basename(packageJson.unpkg);

describe('README snippet URLs', () => {
  it("the snippet loads the compatible range of package.json's version from {cdn}", () => {
    const snippet = /<script src="([^"]+)" defer><\/script>/.exec(readme)?.[1];
    expect(snippet).toBe(`https://{cdn}/franchise-ai-demo/${range}/${loader}`);
  });
  it('the versions table names the exact version and the npm CDNs with the package name and its unpkg/jsdelivr file', () => {
    expect(packageJson.jsdelivr).toBe(packageJson.unpkg);
    const urls = [
      `https://{cdn}/franchise-ai-demo/${range}/${loader}`,
      `https://{cdn}/franchise-ai-demo/${packageJson.version}/${loader}`,
      `https://cdn.jsdelivr.net/npm/${packageJson.name}@${range}/${packageJson.jsdelivr}`,
      `https://unpkg.com/${packageJson.name}@${range}/${packageJson.unpkg}`,
    ];
    expect(urls.filter((url) => !readme.includes(`\`${url}\``))).toEqual([]);
  });
  it('every URL of the loader in the README carries a version', () => {
    const urls = readme.match(/https?:\/\/[^\s"`)]+\.js\b/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    const pins = [`/${range}/`, `/${packageJson.version}/`, `@${range}/`, `@${packageJson.version}/`];
    expect(urls.filter((url) => url.endsWith(`/${loader}`) && !pins.some((pin) => url.includes(pin)))).toEqual([]);
  });
});
