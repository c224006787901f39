/** What startSample's stop() gives: the load averages when a timing ended, and the cores other processes used meanwhile (null where not measured). */
export interface MachineFigures {
  load: number[];
  othersCores: number | null;
}
export declare const OTHERS_LIMIT: number;
export declare const LOAD_LIMIT: number;
export declare const RULE: string;
export declare const loadAverage: () => number[];
export declare const formatLoad: (figures: readonly number[]) => string;
export declare function startSample(): { stop(): MachineFigures };
export declare const isComparable: (figures: { load: readonly number[]; othersCores: number | null }) => boolean;
export declare const loadNote: (figures: { load: readonly number[]; othersCores: number | null }) => string;
export declare function comparableRounds(comparable: readonly boolean[]): { indices: number[]; mixed: boolean; which: string };
export declare function median(values: readonly number[]): number;
export declare function withSpread(values: readonly number[]): { median: number; min: number; max: number };
