import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

// A snippet that must be imported as a module (a Vite config) is written inside this package,
// so that its imports resolve to the package's dependencies, and removed after the file's tests.
const FOLDER = fileURLToPath(new URL('../../.snippets/', import.meta.url));

export function useSnippetFolder(): (name: string, code: string) => string {
  const written: string[] = [];
  afterAll(() => {
    for (const path of written.splice(0)) rmSync(path, { force: true });
  });
  return (name, code) => {
    mkdirSync(FOLDER, { recursive: true });
    const path = `${FOLDER}${process.pid}-${Date.now()}-${name}`;
    writeFileSync(path, code);
    written.push(path);
    return path;
  };
}
