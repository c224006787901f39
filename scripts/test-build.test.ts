import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outDirName } from '../site/scripts/out-dir.mjs';
import { removeLeftTestBuild } from './test-build.mjs';

// The test command's site build never sits in site/dist, where a release is built and uploaded from.
describe('outDirName: where the site builds', () => {
  it('site/dist unless SITE_OUT_DIR names another folder of site/', () => {
    expect(outDirName({})).toBe('dist');
    expect(outDirName({ SITE_OUT_DIR: ' ' })).toBe('dist');
    expect(outDirName({ SITE_OUT_DIR: 'dist-test' })).toBe('dist-test');
  });

  it.each(['../dist', '/tmp/x', 'a/b', '..'])('refuses %s', (name) =>
    expect(() => outDirName({ SITE_OUT_DIR: name })).toThrow(/SITE_OUT_DIR must be a folder name under site\//),
  );
});

describe('removeLeftTestBuild: a site/dist an older test command left', () => {
  const BASE = 'http://webhook-host.test/webhook/franchise-ai';
  const sites: string[] = [];
  afterEach(() => {
    for (const site of sites.splice(0)) rmSync(site, { recursive: true, force: true });
  });
  const siteWithDemo = (html?: string) => {
    const site = mkdtempSync(join(tmpdir(), 'left-test-build-'));
    sites.push(site);
    if (html !== undefined) {
      mkdirSync(join(site, 'dist', 'demo'), { recursive: true });
      writeFileSync(join(site, 'dist', 'demo', 'index.html'), html);
    }
    return site;
  };

  it('removes a build whose /demo posts to the test webhook base', () => {
    const site = siteWithDemo(`<franchise-ai-demo webhook-base="${BASE}"></franchise-ai-demo>`);
    expect(removeLeftTestBuild(site, BASE)).toBe(true);
    expect(existsSync(join(site, 'dist'))).toBe(false);
  });

  it('keeps a release build, and does nothing without one', () => {
    const site = siteWithDemo('<franchise-ai-demo webhook-base="https://hooks.franchise-ai.com/webhook/franchise-ai"></franchise-ai-demo>');
    expect(removeLeftTestBuild(site, BASE)).toBe(false);
    expect(existsSync(join(site, 'dist', 'demo', 'index.html'))).toBe(true);
    expect(removeLeftTestBuild(siteWithDemo(), BASE)).toBe(false);
  });
});
