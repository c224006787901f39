import * as compiler from '@angular/compiler';
import { DomElementSchemaRegistry, parseTemplate, TmplAstElement, type SchemaMetadata, type TmplAstNode } from '@angular/compiler';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ATTRIBUTES, EVENTS, unknown } from './support/contract.ts';
import { fence } from './support/fences.ts';

// The Angular guide's template, parsed by Angular's own template parser, and checked against the
// DOM schema with the schemas its component declares, as Angular's compiler checks elements and
// property bindings. (Attribute bindings, `[attr.x]`, are never schema-checked.)
const GUIDE = 'angular.md';
const COMPONENT = 'franchise-ai-demo-section.component.ts';

/** The component's decorator, from the TypeScript AST of the guide's file (syntax errors fail). */
function componentDecorator(): { schemas: string[]; templateUrl: string } {
  const output = ts.transpileModule(fence(GUIDE, COMPONENT).code, {
    reportDiagnostics: true,
    fileName: COMPONENT,
    compilerOptions: { experimentalDecorators: true },
  });
  expect(output.diagnostics?.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
  const file = ts.createSourceFile(COMPONENT, fence(GUIDE, COMPONENT).code, ts.ScriptTarget.Latest, true);
  let found: ts.ObjectLiteralExpression | undefined;
  file.forEachChild(function visit(node): void {
    if (ts.isDecorator(node) && ts.isCallExpression(node.expression) && node.expression.expression.getText() === 'Component')
      found = node.expression.arguments[0] as ts.ObjectLiteralExpression;
    node.forEachChild(visit);
  });
  if (!found) throw new Error(`${COMPONENT} has no @Component({...})`);
  const property = (name: string) =>
    found!.properties.find((candidate): candidate is ts.PropertyAssignment => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name)
      ?.initializer;
  const schemas = property('schemas');
  const templateUrl = property('templateUrl');
  return {
    schemas: schemas && ts.isArrayLiteralExpression(schemas) ? schemas.elements.map((element) => element.getText()) : [],
    templateUrl: templateUrl && ts.isStringLiteral(templateUrl) ? templateUrl.text : '',
  };
}

function elements(nodes: TmplAstNode[]): TmplAstElement[] {
  return nodes.flatMap((node) => (node instanceof TmplAstElement ? [node, ...elements(node.children)] : []));
}

test("the template parses without error; its elements and bindings pass the DOM schema with the component's schemas", () => {
  const { schemas, templateUrl } = componentDecorator();
  // The schemas the component names are Angular's own constants (@angular/core re-exports the compiler's).
  const schemaMetadata = schemas.map((name) => (compiler as unknown as Record<string, SchemaMetadata | undefined>)[name]);
  expect(schemaMetadata.every(Boolean)).toBe(true);
  const template = fence(GUIDE, templateUrl.replace(/^\.\//, '')).code;

  const parsed = parseTemplate(template, templateUrl, {});
  expect(parsed.errors ?? []).toEqual([]);
  const registry = new DomElementSchemaRegistry();
  for (const element of elements(parsed.nodes)) {
    expect(registry.hasElement(element.name, schemaMetadata as SchemaMetadata[]), `<${element.name}>`).toBe(true);
    for (const input of element.inputs.filter((input) => input.type === compiler.BindingType.Property)) {
      expect(registry.hasProperty(element.name, input.name, schemaMetadata as SchemaMetadata[]), `[${input.name}] on <${element.name}>`).toBe(true);
    }
  }

  const demo = elements(parsed.nodes).find((element) => element.name === 'franchise-ai-demo');
  if (!demo) throw new Error('the template has no <franchise-ai-demo>');
  const attributes = [
    ...demo.attributes.map((attribute) => attribute.name),
    ...demo.inputs.filter((input) => input.type === compiler.BindingType.Attribute).map((input) => input.name),
  ];
  const events = demo.outputs.map((output) => output.name);
  expect(attributes).toContain('webhook-base');
  expect(unknown(attributes, ATTRIBUTES)).toEqual([]);
  // Bound as properties, the widget's inputs would be camel-cased (webhookBase): the guide binds attributes only.
  expect(demo.inputs.filter((input) => input.type !== compiler.BindingType.Attribute).map((input) => input.name)).toEqual([]);
  expect(events).toContain('franchise-ai-demo-ready');
  expect(unknown(events, EVENTS)).toEqual([]);
});

test('without CUSTOM_ELEMENTS_SCHEMA the DOM schema refuses the element (what the schema in the guide is for)', () => {
  expect(new DomElementSchemaRegistry().hasElement('franchise-ai-demo', [])).toBe(false);
});
