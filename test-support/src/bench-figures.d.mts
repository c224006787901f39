export declare const LOAD_LIMIT: number;
export declare const loadAverage: () => number[];
export declare const formatLoad: (figures: readonly number[]) => string;
export declare const isComparable: (figures: readonly number[]) => boolean;
export declare const loadNote: (figures: readonly number[]) => string;
export declare function comparableRounds(comparable: readonly boolean[]): { indices: number[]; mixed: boolean; which: string };
export declare function median(values: readonly number[]): number;
export declare function withSpread(values: readonly number[]): { median: number; min: number; max: number };
