// How much CPU everything but the bench used over an interval, read from Linux's /proc: the whole
// machine's busy time (/proc/stat) less the bench's process tree's (/proc/<pid>/stat). Linux only:
// bench-figures.mjs calls it there and falls back to the load average elsewhere. Every figure is in
// clock ticks, /proc's one unit for both files, so cores come out as a ratio without knowing its rate.
// Plain JavaScript: the benches are node scripts and Node 20 cannot import this package's TypeScript.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * /proc/stat's `cpu` line (every CPU together) and its number of `cpuN` lines. Busy includes steal,
 * the time a hypervisor gave another machine while this one wanted to run: it competes with the
 * bench as much as a local process does. Guest time is already inside user time; iowait is idle.
 */
export function parseMachine(text) {
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = text.slice(0, text.indexOf('\n')).trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, all: busy + idle + iowait, cpus: text.match(/^cpu\d+ /gm)?.length ?? 1 };
}

/**
 * One /proc/<pid>/stat line: its pid, its parent's, and the CPU of the process with that of its
 * reaped children (utime + stime + cutime + cstime). The name (comm) comes in parentheses and may
 * hold spaces and parentheses itself, so the fields are counted from the last `)`.
 */
export function parseProcess(line) {
  const rest = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // rest[0] is proc(5)'s field 3 (state): field n is rest[n - 3].
  const [ppid, utime, stime, cutime, cstime] = [4, 14, 15, 16, 17].map((field) => Number(rest[field - 3]));
  return { pid: Number(line.slice(0, line.indexOf(' '))), ppid, ticks: utime + stime + cutime + cstime };
}

/**
 * The CPU of `root` and all its descendants (by parent links). Why cutime and cstime count: when a
 * process is reaped, its CPU (its own and that of the children it reaped) moves into its parent's
 * cutime/cstime, so this sum runs on across an exit within the tree. Live processes alone, sampled
 * at both ends, would lose whatever exits in between, and each round's renderer starts and ends with
 * its browser context. What is not reaped inside the tree (an orphan that init adopts) leaves the
 * sum and counts as others': an error towards "not comparable", never towards a busy machine passing.
 */
export function treeTicks(processes, root) {
  const children = new Map();
  for (const entry of processes) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  let ticks = 0;
  const pending = processes.filter((entry) => entry.pid === root);
  for (const entry of pending) {
    ticks += entry.ticks;
    pending.push(...(children.get(entry.pid) ?? []));
  }
  return ticks;
}

/** Cores used on average by everything outside the tree between two readings; never below 0 (the two files are not read at one instant). */
export function othersCores(before, after) {
  const elapsed = (after.machine.all - before.machine.all) / after.machine.cpus;
  if (elapsed <= 0) return 0;
  return Math.max(0, (after.machine.busy - before.machine.busy - (after.tree - before.tree)) / elapsed);
}

/** The readings othersCores compares: the machine's ticks and those of `root`'s tree, now. */
export function readCpu(root = process.pid) {
  const processes = readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      return [parseProcess(readFileSync(`/proc/${name}/stat`, 'utf8'))];
    } catch {
      return []; // gone since the listing
    }
  });
  return { machine: parseMachine(readFileSync('/proc/stat', 'utf8')), tree: treeTicks(processes, root) };
}
