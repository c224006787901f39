// Types for the TypeScript that imports out-dir.mjs (plain JS: the build's scripts run on Node 20 without a TypeScript loader).
export const TEST_OUT_DIR: 'dist-test';
export function outDirName(env?: Readonly<Record<string, string | undefined>>): string;
export function outDir(env?: Readonly<Record<string, string | undefined>>): string;
export function ssrOutDir(env?: Readonly<Record<string, string | undefined>>): string;
