// What shared's library uses of csv-parse/sync (territories.ts), for its own typecheck only: the
// package's types reference Node's (`/// <reference types="node" />`), which would give every module of
// this browser-and-Node library Node's globals unnoticed. The tests' typecheck reads the package's own types.
export interface Options {
  delimiter?: string;
  bom?: boolean;
  info?: boolean;
  trim?: boolean;
  skip_empty_lines?: boolean;
  relax_column_count?: boolean;
  comment?: string;
  comment_no_infix?: boolean;
}
export declare function parse(input: string, options: Options): unknown[];
