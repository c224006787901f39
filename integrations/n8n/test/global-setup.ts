import type { TestProject } from 'vitest/node';
import { ensureN8n } from '../scripts/ensure-n8n.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The n8n 2.8.4 entry script, installed once into the cache (scripts/ensure-n8n.mjs). */
    n8nBin: string;
  }
}

// The real n8n for this project's tests: installed into the cache when missing (minutes, once per
// machine), else found at once.
export default function setup(project: TestProject): void {
  project.provide('n8nBin', ensureN8n());
}
