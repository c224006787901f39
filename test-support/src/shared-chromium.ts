import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath, hostResolverRules } from './browser.ts';

// One Chromium for a whole browser project, instead of one per test file: launching it and its
// first page costs about 1.9 s and 4.4 CPU-seconds, and on a 2-core machine that CPU is the run's
// floor. A project lists this file in its `globalSetup` (vitest.config.ts); `useBrowserSuite`
// (browser-suite.ts) then connects each file to it, and every page still gets a fresh context (a
// fresh profile), so files stay as isolated as before. Chosen over `isolate: false` with a
// worker-level singleton because test files keep their own module graph (a file's module state
// cannot leak into the next) and the browser is closed by Vitest's teardown, not at process exit.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket endpoint of the project's shared Chromium (see shared-chromium.ts). */
    chromiumEndpoint: string;
    /** The host names that Chromium resolves to local servers, as JSON (`mapHosts` of browser.ts). */
    chromiumHosts: string;
  }
}

/** Launches the shared Chromium with `mapHosts` and hands its endpoint to the project's tests; returns the teardown. */
export async function shareChromium(project: TestProject, mapHosts: Record<string, string> = {}): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, hostResolverRules(mapHosts)] });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  project.provide('chromiumHosts', JSON.stringify(mapHosts));
  return () => server.close();
}

export default (project: TestProject): Promise<() => Promise<void>> => shareChromium(project);
