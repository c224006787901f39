import { dirname, join, resolve } from 'node:path';

/**
 * Each attribute's type as the compiler sees `WidgetAttributeValue<attribute>`, so the manifest's types
 * are the ones JSX is checked against. Only es5's lib: the full one would triple the time.
 *
 * @param {typeof import('typescript')} ts the analyzer's own compiler
 * @param {{ srcDir: string, attributes: readonly string[], readFile: (path: string) => string | undefined }} options
 *   `readFile` reads the sources (a test hands in doctored ones); anything else comes from disk.
 * @returns {Map<string, string>} attribute → type text, e.g. `"franchisor" | "franchisee"`
 */
export function attributeTypes(ts, { srcDir, attributes, readFile }) {
  const probe = join(resolve(srcDir), '__attribute-types__.ts');
  const probeText =
    `import type { WidgetAttributeValue } from './first-render/element/attribute-rules.ts';\n` +
    attributes.map((attribute, index) => `export type T${index} = WidgetAttributeValue<${JSON.stringify(attribute)}>;\n`).join('');
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ['lib.es5.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const diskFile = host.readFile.bind(host);
  host.readFile = (path) => (path === probe ? probeText : (readFile(path) ?? diskFile(path)));
  const diskExists = host.fileExists.bind(host);
  host.fileExists = (path) => path === probe || diskExists(path);
  host.getSourceFile = (path, languageVersion) => {
    const text = host.readFile(path);
    return text === undefined ? undefined : ts.createSourceFile(path, text, languageVersion);
  };
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const aliases = program.getSourceFile(probe).statements.filter(ts.isTypeAliasDeclaration);

  const types = new Map();
  aliases.forEach((alias, index) => {
    const type = checker.getTypeAtLocation(alias.name);
    // `any` or an error type: first-render/element/attribute-rules.ts no longer says what this attribute takes.
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never)) {
      throw new Error(
        `WidgetAttributeValue<"${attributes[index]}"> is ${checker.typeToString(type)} in ${join(dirname(probe), 'first-render/element/attribute-rules.ts')}`,
      );
    }
    types.set(attributes[index], checker.typeToString(type));
  });
  return types;
}
