// The extraction thread's entry (extraction.ts starts it). Plain JavaScript, so that it starts alike
// under `node --import tsx`, under plain node and inside the test runner's workers, none of which a
// worker inherits a TypeScript loader from: it registers tsx itself, then runs the TypeScript.
import { tsImport } from 'tsx/esm/api';

await tsImport('./extraction-work.ts', import.meta.url);
