// The analyzer's own reader of a class's doc tags (@attr, @event, @csspart, @cssproperty). Deep
// import of the pinned analyzer version: the package exports only `create`.
import { classJsDocPlugin } from '@custom-elements-manifest/analyzer/src/features/analyse-phase/class-jsdoc.js';

/**
 * A Custom Elements Manifest analyzer plugin for <franchise-ai-demo>, whose class the analyzer
 * cannot see: it is anonymous and built at run time (element.ts, createFranchiseAiDemoElement),
 * registered under a tag held in a constant. The documented interface (or class)
 * `FranchiseAiDemoElement` stands in for it: its JSDoc is read by the analyzer's own tag reader,
 * and the rest comes from
 * where the code keeps it:
 * - the tag name: `DEFAULT_TAG` (tag.ts);
 * - attribute names: `WIDGET_ATTRIBUTES` (attributes.ts), which the @attr tags must list in order;
 *   types: `attributeTypes` (the compiler's WidgetAttributeValue); defaults: `Default: \`x\`` in
 *   the @attr description;
 * - event names and detail types: `FranchiseAiDemoEventMap` (events.ts), which the @event tags must
 *   list in order;
 * - parts: the @csspart tags must be exactly the `part="..."` names used (`partsUsed`);
 * - custom properties: the @cssproperty tags must be exactly those styles.css reads, each with a
 *   fallback, its default (`cssPropertyDefaults`).
 * Any disagreement fails the build. The manifest then describes the package as published: the
 * element in the ESM entry, and the script-tag file, which registers the same tag.
 *
 * @param {{
 *   attributeTypes: (attributes: readonly string[]) => Map<string, string>,
 *   partsUsed: readonly string[],
 *   cssPropertyDefaults: Map<string, string>,
 *   modules: { esm: string, scriptTag: string },
 *   schemaVersion: string,
 *   readme: string,
 * }} options
 * @returns {import('@custom-elements-manifest/analyzer').Plugin}
 */
export function franchiseAiDemoPlugin(options) {
  const CLASS = 'FranchiseAiDemoElement';
  const readDocTags = classJsDocPlugin();
  /** @type {any} */ let element;
  /** @type {string | undefined} */ let tagName;
  /** @type {string[] | undefined} */ let attributeNames;
  /** @type {Map<string, string> | undefined} */ let eventTypes;

  return {
    name: 'franchise-ai-demo-element',
    analyzePhase({ ts, node, moduleDoc }) {
      // An interface or a class: the element's doc comment may sit on either. Only its doc is read:
      // the rest comes from the code below, and a class's own declaration is left out of the manifest.
      const isClass = ts.isClassDeclaration(node);
      if ((ts.isInterfaceDeclaration(node) || isClass) && node.name?.text === CLASS) {
        element = { kind: 'class', name: CLASS, description: '', superclass: { name: 'HTMLElement', package: 'global:' } };
        for (const list of ['attributes', 'events', 'cssParts', 'cssProperties', 'slots', 'cssStates', 'members']) element[list] = [];
        if (!isClass) moduleDoc.declarations.push(element);
        // The tag reader handles class declarations only, and fills the first declaration of that name.
        const docNode = { kind: ts.SyntaxKind.ClassDeclaration, name: node.name, jsDoc: node.jsDoc };
        readDocTags.analyzePhase({ ts, moduleDoc: { declarations: [element] }, node: docNode });
      }
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'FranchiseAiDemoEventMap') {
        eventTypes = new Map(node.members.filter(ts.isPropertySignature).map((member) => [stringName(ts, member.name), member.type.getText()]));
      }
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const value = unwrap(ts, node.initializer);
        if (node.name.text === 'DEFAULT_TAG' && ts.isStringLiteral(value)) tagName = value.text;
        if (node.name.text === 'WIDGET_ATTRIBUTES' && ts.isArrayLiteralExpression(value)) {
          attributeNames = value.elements.map((item) => (ts.isStringLiteral(item) ? item.text : item.getText()));
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      if (!element) throw new Error(`no interface ${CLASS} (or class) with a doc comment was found`);
      if (!tagName) throw new Error('no DEFAULT_TAG string was found');
      if (!attributeNames) throw new Error('no WIDGET_ATTRIBUTES list was found');
      if (!eventTypes) throw new Error('no FranchiseAiDemoEventMap was found');
      const names = (list) => list.map((item) => item.name);
      mustEqual('@attr tags', names(element.attributes), 'WIDGET_ATTRIBUTES', attributeNames);
      mustEqual('@event tags', names(element.events), 'FranchiseAiDemoEventMap', [...eventTypes.keys()]);
      mustEqual('@csspart tags', sorted(names(element.cssParts)), 'the part="..." names in src', sorted(options.partsUsed));
      mustEqual('@cssproperty tags', sorted(names(element.cssProperties)), 'the properties styles.css reads', sorted(options.cssPropertyDefaults.keys()));
      // A property read without a fallback has no default to document, and an unset one breaks the look.
      const noFallback = [...options.cssPropertyDefaults].filter(([, fallback]) => fallback === undefined).map(([name]) => name);
      if (noFallback.length > 0) throw new Error(`styles.css reads ${noFallback.join(', ')} without a fallback (its default)`);

      const types = options.attributeTypes(attributeNames);
      for (const attribute of element.attributes) {
        attribute.type = { text: types.get(attribute.name) };
        const fallback = /Default: `([^`]*)`/.exec(attribute.description ?? '')?.[1];
        if (fallback !== undefined) attribute.default = fallback;
      }
      for (const event of element.events) event.type = { text: eventTypes.get(event.name) };
      for (const property of element.cssProperties) property.default = options.cssPropertyDefaults.get(property.name);
      // The analyzer's cleanup has already dropped the empty lists of its own modules' classes.
      for (const list of ['slots', 'cssStates', 'members']) if (!element[list]?.length) delete element[list];
      element.tagName = tagName;
      element.customElement = true;

      const { esm, scriptTag } = options.modules;
      const definition = { kind: 'custom-element-definition', name: tagName, declaration: { name: CLASS, module: esm } };
      customElementsManifest.schemaVersion = options.schemaVersion;
      customElementsManifest.readme = options.readme;
      customElementsManifest.modules = [
        {
          kind: 'javascript-module',
          path: esm,
          summary: 'The ESM entry for bundlers: importing it registers the element.',
          declarations: [element],
          exports: [definition],
        },
        {
          kind: 'javascript-module',
          path: scriptTag,
          summary: 'The script-tag loader: a classic script that registers the same element.',
          declarations: [],
          exports: [definition],
        },
      ];
    },
  };
}

/** `'franchise-ai-demo-step'` as a property name. */
const stringName = (ts, name) => (ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : name.getText());

/** `[...] as const`, `'x' satisfies T`, `('x')`: the value inside. */
function unwrap(ts, expression) {
  let value = expression;
  while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
  return value;
}

const sorted = (values) => [...new Set(values)].sort();

function mustEqual(whatDocs, documented, whatCode, inCode) {
  if (JSON.stringify(documented) === JSON.stringify(inCode)) return;
  throw new Error(`FranchiseAiDemoElement's ${whatDocs} (${documented.join(', ')}) differ from ${whatCode} (${inCode.join(', ')})`);
}
