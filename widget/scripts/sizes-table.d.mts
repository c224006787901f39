// Types for the node tests that import this script's JavaScript (plain JS: it runs on Node 20 without a TypeScript loader).
export interface SizeRow {
  part: string;
  files: string;
  gzipBytes: number;
  budgetBytes: number;
}
export const SIZES_START: string;
export const SIZES_END: string;
export const TOLERANCE: number;
export function sizesTable(rows: SizeRow[]): string;
export function withSizesTable(doc: string, rows: SizeRow[]): string;
export function staleSizes(doc: string, rows: SizeRow[]): string[];
