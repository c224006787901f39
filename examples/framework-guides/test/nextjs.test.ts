import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ATTRIBUTES, EVENTS, unknown } from './support/contract.ts';
import { fence, fences, readGuide } from './support/fences.ts';

// The Next.js guide's files, typechecked together by TypeScript as a Next.js app would be: React
// 19's types, Next's own (next/script), the widget's declarations and its JSX typings
// (@franchise-ai/widget/jsx), strict. The files live in memory under this package, so imports
// resolve to its node_modules.
const GUIDE = 'nextjs.md';
const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const APP = join(PACKAGE, 'guide-app');
const REACT_TYPES = join(PACKAGE, 'node_modules/@types/react');

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  types: [],
  // In this workspace the widget's JSX typings (declare module 'react') are read from the widget's
  // folder, which has no React; a partner's app has one React, which they must augment: pin it here.
  baseUrl: PACKAGE,
  paths: { react: [join(REACT_TYPES, 'index.d.ts')], 'react/*': [join(REACT_TYPES, '*')] },
};

function typecheck(files: Record<string, string>): string[] {
  const host = ts.createCompilerHost(OPTIONS);
  const inMemory = new Map(Object.entries(files).map(([name, code]) => [join(APP, name), code]));
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => inMemory.has(name) || fileExists.call(host, name);
  host.readFile = (name) => inMemory.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) =>
    inMemory.has(name) ? ts.createSourceFile(name, inMemory.get(name)!, language) : getSourceFile.call(host, name, language, ...rest);
  host.directoryExists = (name) => name.startsWith(APP) || ts.sys.directoryExists(name);
  const program = ts.createProgram([...inMemory.keys()], OPTIONS, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (diagnostic) =>
        `${diagnostic.file ? `${diagnostic.file.fileName.replace(`${APP}/`, '')}: ` : ''}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    );
}

/** The names of the JSX attributes on every <franchise-ai-demo> in `code`. */
function demoAttributes(code: string): string[] {
  const file = ts.createSourceFile('snippet.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const names: string[] = [];
  file.forEachChild(function visit(node): void {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'franchise-ai-demo') {
      for (const attribute of node.attributes.properties) if (ts.isJsxAttribute(attribute)) names.push(attribute.name.getText());
    }
    node.forEachChild(visit);
  });
  return names;
}

const snippets = Object.fromEntries(fences(readGuide(GUIDE)).map((snippet) => [snippet.title, snippet.code]));

test("the guide's files typecheck together against React 19, Next and the widget's types", () => {
  expect(Object.keys(snippets)).toEqual(['app/franchise-ai-demo.tsx', 'app/page.tsx', 'app/demo/page.tsx']);
  expect(typecheck(snippets)).toEqual([]);
});

test.each(['app/franchise-ai-demo.tsx', 'app/demo/page.tsx'])('%s: the element gets real attributes and listeners for real events', (title) => {
  const written = demoAttributes(fence(GUIDE, title).code);
  // Hyphenated JSX attributes escape TypeScript's excess-property check, so the names are checked here.
  const attributes = written.filter((name) => !name.startsWith('on'));
  const events = written.filter((name) => name.startsWith('on')).map((name) => name.slice(2));
  expect(attributes).toContain('webhook-base');
  expect(unknown(attributes, ATTRIBUTES)).toEqual([]);
  expect(unknown(events, EVENTS)).toEqual([]);
});

test("the client component imports the ESM build inside useEffect, under the 'use client' directive", () => {
  const code = fence(GUIDE, 'app/franchise-ai-demo.tsx').code;
  expect(code.trimStart().startsWith("'use client';")).toBe(true);
  expect(demoAttributes(code).filter((name) => name.startsWith('on'))).toContain('onfranchise-ai-demo-ready');
  const file = ts.createSourceFile('client.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let importedInEffect = false;
  file.forEachChild(function visit(node): void {
    if (ts.isCallExpression(node) && node.expression.getText() === 'useEffect' && /\bimport\('@franchise-ai\/widget'\)/.test(node.getText()))
      importedInEffect = true;
    node.forEachChild(visit);
  });
  expect(importedInEffect).toBe(true);
  // A static import would put the widget in the server's bundle too.
  expect(
    file.statements.filter(
      (statement) =>
        ts.isImportDeclaration(statement) &&
        !statement.importClause?.isTypeOnly &&
        (statement.moduleSpecifier as ts.StringLiteral).text === '@franchise-ai/widget',
    ),
  ).toEqual([]);
});
