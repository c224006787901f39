// Types for the node tests that import this script's JavaScript (plain JS: it runs on Node 20 without a TypeScript loader).
import type { Package } from 'custom-elements-manifest/schema';

export const README_COMMAND: string;
export const README_BLOCKS: readonly ['summary', 'attributes', 'events', 'parts', 'css-properties'];
export type ReadmeBlock = (typeof README_BLOCKS)[number];
export const README: string;
export function readmeBlocks(manifest: Package): Map<ReadmeBlock, string>;
export function blockIn(readme: string, name: ReadmeBlock): string;
export function withBlocks(readme: string, manifest: Package): string;
export function staleBlocks(manifest?: Package): ReadmeBlock[];
