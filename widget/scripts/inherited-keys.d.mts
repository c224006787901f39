// Types for the node tests that import this script's JavaScript (plain JS: it runs on Node 20 without a TypeScript loader).
export interface InheritedKeyWalk {
  kind: 'for-in' | 'namespace-helper';
  at: number;
  excerpt: string;
}
export function inheritedKeyWalks(code: string): InheritedKeyWalk[];
export function describeWalk(file: string, walk: InheritedKeyWalk): string;
