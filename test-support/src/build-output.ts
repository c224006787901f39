import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPOSITORY } from './workspace.ts';

// The browser suites test what the build makes, and build nothing themselves (the test run builds
// each package once, before any test). Their global setups check here that the outputs they serve
// are there and newer than the sources they are made from, and otherwise stop with the command
// that makes them, instead of testing something stale or missing.

export interface BuildCheck {
  /** Absolute paths of the files the suite uses. */
  outputs: string[];
  /** Absolute paths of the files or folders (searched through) the outputs are built from; test files do not count. */
  sources: string[];
  /** What makes the outputs, e.g. `npx --yes pnpm@10 build`. */
  command: string;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** The most recently changed file under `path` (itself, for a file), tests left out. */
function newest(path: string): { path: string; mtimeMs: number } | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (!stat.isDirectory()) return isTest(path) ? undefined : { path, mtimeMs: stat.mtimeMs };
  let found: { path: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(path)) {
    const candidate = newest(join(path, entry));
    if (candidate && (!found || candidate.mtimeMs > found.mtimeMs)) found = candidate;
  }
  return found;
}

/** What is wrong with the outputs (missing, or older than a source), one line each; empty when they are fine. */
export function buildProblems({ outputs, sources }: Omit<BuildCheck, 'command'>): string[] {
  const name = (path: string) => relative(REPOSITORY, path);
  const missing = outputs.filter((output) => !existsSync(output));
  if (missing.length > 0) return missing.map((output) => `${name(output)} is missing`);
  const source = sources.map(newest).reduce((a, b) => (b && (!a || b.mtimeMs > a.mtimeMs) ? b : a), undefined);
  if (!source) return [];
  return outputs.filter((output) => statSync(output).mtimeMs < source.mtimeMs).map((output) => `${name(output)} is older than ${name(source.path)}`);
}

/** Throws, naming `command`, unless every output is there and newer than every source. */
export function requireBuilt(check: BuildCheck): void {
  const problems = buildProblems(check);
  if (problems.length > 0) throw new Error(`${problems.join('; ')}: the browser tests use what the build makes. Run \`${check.command}\` first.`);
}
