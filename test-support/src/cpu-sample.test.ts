// Reading /proc for the benches' rule (cpu-sample.mjs): the parsing and the arithmetic on given
// lines; on Linux, that a real reading has the shape the arithmetic needs. No timing asserted.
import { expect, test } from 'vitest';
import { othersCores, parseMachine, parseProcess, readCpu, treeTicks } from './cpu-sample.mjs';

const STAT = [
  'cpu  862695 39756 207294 844911 2781 0 2085 1092 500 0',
  'cpu0 427326 20118 101021 430235 497 0 694 534 0 0',
  'cpu1 435368 19637 106273 414676 2284 0 1391 557 0 0',
  'intr 23381388 0 0',
  'ctxt 1',
].join('\n');

/** A /proc/<pid>/stat line as Linux writes it, with these fields. */
const statLine = ({ pid, comm, ppid, utime, stime, cutime = 0, cstime = 0 }: Record<string, number | string>) =>
  `${pid} (${comm}) S ${ppid} ${pid} 28274 0 -1 4194304 97 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 1021372 3133440 410 18446744073709551615 0 0 0`;

test('/proc/stat: busy is user, nice, system, irq, softirq and steal (guest is inside user), all adds idle and iowait; one CPU per cpuN line', () => {
  const busy = 862695 + 39756 + 207294 + 0 + 2085 + 1092;
  expect(parseMachine(STAT)).toEqual({ busy, all: busy + 844911 + 2781, cpus: 2 });
});

test('/proc/<pid>/stat: pid, parent and own plus reaped children CPU, whatever spaces and parentheses the name holds', () => {
  expect(parseProcess(statLine({ pid: 592, comm: 'cat', ppid: 590, utime: 7, stime: 3, cutime: 20, cstime: 5 }))).toEqual({ pid: 592, ppid: 590, ticks: 35 });
  expect(parseProcess(statLine({ pid: 41, comm: 'Web Content (x) ) (', ppid: 1, utime: 100, stime: 1 }))).toEqual({ pid: 41, ppid: 1, ticks: 101 });
  expect(parseProcess('592 (cat) R 590 590 28274 0 -1 4194304 97 0 0 0 0 0 0 0 20 0 1 0 1021372 3133440 410 18446744073709551615 0')).toEqual({
    pid: 592,
    ppid: 590,
    ticks: 0,
  });
});

test("the tree's ticks are the root's and every descendant's, no one else's", () => {
  const processes = [
    { pid: 1, ppid: 0, ticks: 1000 },
    { pid: 10, ppid: 1, ticks: 5 }, // the bench
    { pid: 11, ppid: 10, ticks: 7 }, // its browser
    { pid: 12, ppid: 11, ticks: 11 }, // a renderer
    { pid: 13, ppid: 1, ticks: 300 }, // someone else
    { pid: 14, ppid: 13, ticks: 40 },
  ];
  expect(treeTicks(processes, 10)).toBe(23);
  expect(treeTicks(processes, 99)).toBe(0);
});

test("others' cores: the machine's busy ticks less the tree's, over the interval's ticks per CPU", () => {
  const at = (busy: number, all: number, tree: number) => ({ machine: { busy, all, cpus: 2 }, tree });
  // 2 s at 100 ticks/s on 2 CPUs: 400 ticks in all, 320 busy, 200 of them the bench's: others used 120 ticks in 200, 0.6 of a core.
  expect(othersCores(at(1000, 5000, 700), at(1320, 5400, 900))).toBeCloseTo(0.6);
  // A renderer that exited in between moved its ticks into its parent's cutime: the tree's sum ran on.
  expect(othersCores(at(0, 0, 50), at(200, 400, 250))).toBe(0);
  // Readings taken a moment apart can make the tree's share exceed the machine's: never below 0.
  expect(othersCores(at(0, 0, 0), at(100, 400, 104))).toBe(0);
  expect(othersCores(at(5, 9, 1), at(5, 9, 1))).toBe(0);
});

test.runIf(process.platform === 'linux')('a reading on Linux: the machine and this tree, in ticks that only grow', () => {
  const before = readCpu();
  let spin = 0;
  for (let i = 0; i < 5e6; i++) spin += i;
  const after = readCpu();
  expect(spin).toBeGreaterThan(0);
  expect(after.machine.cpus).toBeGreaterThanOrEqual(1);
  expect(after.machine.all).toBeGreaterThanOrEqual(before.machine.all);
  expect(after.tree).toBeGreaterThanOrEqual(before.tree);
  expect(after.tree).toBeGreaterThan(0);
  expect(othersCores(before, after)).toBeGreaterThanOrEqual(0);
});
