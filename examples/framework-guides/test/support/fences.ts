import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The guides' code fences are the tests' input: each is read here by its title, so the snippet a
// partner copies is the one a compiler or a browser checked.

export const GUIDES = fileURLToPath(new URL('../../../../docs/guides/', import.meta.url));

export interface Fence {
  /** The info string's first word: `vue`, `html`, `tsx`, ... */
  lang: string;
  /** `title="..."` of the info string; '' when it has none. */
  title: string;
  code: string;
}

/** The guide files (`vue.md`, ...), the index left out. */
export const guideFiles = (): string[] =>
  readdirSync(GUIDES)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort();

export const readGuide = (file: string): string => readFileSync(GUIDES + file, 'utf8');

/** Every fenced code block of `markdown`, in order. */
export function fences(markdown: string): Fence[] {
  return [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)].map(([, info, code]) => ({
    lang: info!.trim().split(/\s+/)[0] ?? '',
    title: /\btitle="([^"]*)"/.exec(info!)?.[1] ?? '',
    code: code!,
  }));
}

/** The one fence titled `title` in the guide `file`; throws when there is none or more than one. */
export function fence(file: string, title: string): Fence {
  const found = fences(readGuide(file)).filter((candidate) => candidate.title === title);
  if (found.length !== 1) throw new Error(`${file} has ${found.length} code fences titled "${title}", expected one`);
  return found[0]!;
}
