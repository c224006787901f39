export interface MachineTicks {
  busy: number;
  all: number;
  cpus: number;
}
export interface CpuReading {
  machine: MachineTicks;
  tree: number;
}
export declare function parseMachine(text: string): MachineTicks;
export declare function parseProcess(line: string): { pid: number; ppid: number; ticks: number };
export declare function treeTicks(processes: readonly { pid: number; ppid: number; ticks: number }[], root: number): number;
export declare function othersCores(before: CpuReading, after: CpuReading): number;
export declare function readCpu(root?: number): CpuReading;
