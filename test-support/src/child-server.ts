import { spawn, type ChildProcess } from 'node:child_process';

// A server run as its own process, as in production: started on port 0, its address read from the
// line it prints once it listens, stopped by a signal. The webhook host and the script-tag
// example's server both start this way.

export interface ChildServerOptions {
  /** Arguments to `node`. */
  args: string[];
  cwd?: string;
  /** The process's whole environment (nothing of the test's own leaks in). */
  env: Record<string, string>;
  /** Matches the line the server prints once it listens; its first group is the port. */
  listening: RegExp;
  /** For messages: what is being started. */
  name: string;
  /** Default 15 s. */
  timeoutMs?: number;
}

export interface ChildServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  /** True until the process has exited. */
  running(): boolean;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit: no clean shutdown. */
  kill(): Promise<void>;
}

export async function startChildServer({ args, cwd, env, listening, name, timeoutMs = 15_000 }: ChildServerOptions): Promise<ChildServer> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const record = (chunk: Buffer) => (output += chunk);
  child.stdout!.on('data', record);
  child.stderr!.on('data', record);
  const started = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const check = () => {
      const match = listening.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening:\n${output}`));
    });
  });
  let port: number;
  try {
    port = await started;
  } catch (error) {
    // A server that never got going must not outlive the test run.
    await exit(child, 'SIGKILL');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () => exit(child, 'SIGTERM'),
    kill: () => exit(child, 'SIGKILL'),
  };
}

function exit(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
