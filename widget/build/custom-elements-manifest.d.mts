// Types for the node tests that import the build's JavaScript (plain JS: the build runs on Node 20 without a TypeScript loader).
import type { Package } from 'custom-elements-manifest/schema';

export function createManifest(options: { widgetDir: string; readFile?: (path: string) => string | undefined }): Package;
