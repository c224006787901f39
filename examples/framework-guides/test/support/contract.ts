import ts from 'typescript';
import { WIDGET_ATTRIBUTES } from '@franchise-ai/widget';

// The names the guides must use, from what the widget ships (its build), never retyped here:
// the attributes from its one list, WIDGET_ATTRIBUTES (the ESM entry exports it, and only
// registers the element in a browser), the events from FranchiseAiDemoEventMap in its
// declarations, read with TypeScript.

export { WIDGET_ATTRIBUTES };
export const ATTRIBUTES: ReadonlySet<string> = new Set(WIDGET_ATTRIBUTES);

function eventNamesFromDeclarations(): string[] {
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, noEmit: true, skipLibCheck: true };
  const from = import.meta.filename;
  const entry = ts.resolveModuleName('@franchise-ai/widget', from, options, ts.sys).resolvedModule?.resolvedFileName;
  if (!entry) throw new Error('TypeScript cannot resolve @franchise-ai/widget (is the widget built?)');
  const program = ts.createProgram([entry], options);
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const eventMap = checker.getExportsOfModule(module).find((symbol) => symbol.name === 'FranchiseAiDemoEventMap');
  if (!eventMap) throw new Error(`${entry} exports no FranchiseAiDemoEventMap`);
  return checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(eventMap)).map((property) => property.name);
}

/** The event names, in the map's order. */
export const EVENT_NAMES: readonly string[] = eventNamesFromDeclarations();
export const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

/** The names in `used` that the widget does not have (empty when all are real). */
export const unknown = (used: Iterable<string>, known: ReadonlySet<string>): string[] => [...used].filter((name) => !known.has(name));
