// Editor data from the Custom Elements Manifest alone; not custom-element-*-integration, which bring prettier along.

/** @typedef {import('custom-elements-manifest/schema').Package} Package */
/** @typedef {import('custom-elements-manifest/schema').CustomElementDeclaration & import('custom-elements-manifest/schema').ClassDeclaration} Element */

export function elementsOf(/** @type {Package} */ manifest) {
  const declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
  /** @type {Map<string, Element>} */ const byTag = new Map();
  for (const declaration of declarations) if (declaration.customElement && declaration.tagName) byTag.set(declaration.tagName, declaration);
  return [...byTag.values()];
}

/** `"a" | "b"` → enumerated values; a union with `boolean` → a boolean attribute; anything else → free text. */
export function attributeValues(typeText = 'string') {
  const members = typeText.split('|').map((member) => member.trim());
  if (members.includes('boolean')) return { kind: 'boolean' };
  const literals = members.map((member) => /^"([^"]*)"$/.exec(member)?.[1]);
  if (literals.every((literal) => literal !== undefined)) return { kind: 'enum', values: literals };
  return { kind: 'text' };
}

/** The element's hover text (markdown): its description, then its events, parts and custom properties. */
function elementDescription(/** @type {Element} */ element) {
  const list = (title, items, label) =>
    items?.length ? ['', `**${title}**`, ...items.map((item) => `- ${label(item)}${item.description ? `: ${item.description}` : ''}`)] : [];
  return [
    element.description ?? '',
    ...list('Events', element.events, (event) => `\`${event.name}\``),
    ...list('CSS parts', element.cssParts, (part) => `\`::part(${part.name})\``),
    ...list('CSS custom properties', element.cssProperties, (property) => `\`${property.name}\``),
  ]
    .join('\n')
    .trim();
}

/** VS Code's html-custom-data (version 1.1). */
export function vsCodeHtmlCustomData(/** @type {Package} */ manifest) {
  return {
    version: 1.1,
    tags: elementsOf(manifest).map((element) => ({
      name: element.tagName,
      description: { kind: 'markdown', value: elementDescription(element) },
      attributes: (element.attributes ?? []).map((attribute) => {
        const values = attributeValues(attribute.type?.text);
        return {
          name: attribute.name,
          description: { kind: 'markdown', value: attribute.description ?? '' },
          ...(values.kind === 'boolean' ? { valueSet: 'v' } : {}),
          ...(values.kind === 'enum' ? { values: values.values.map((name) => ({ name })) } : {}),
        };
      }),
    })),
  };
}

/** JetBrains web-types (schema 2): the elements with their attributes and events, and the CSS they expose. */
export function webTypes(/** @type {Package} */ manifest, /** @type {{ name: string, version: string }} */ packageJson) {
  const elements = elementsOf(manifest);
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: packageJson.name,
    version: packageJson.version,
    'description-markup': 'markdown',
    'js-types-syntax': 'typescript',
    contributions: {
      html: {
        elements: elements.map((element) => ({
          name: element.tagName,
          description: elementDescription(element),
          attributes: (element.attributes ?? []).map((attribute) => ({
            name: attribute.name,
            description: attribute.description,
            ...(attribute.default !== undefined ? { default: attribute.default } : {}),
            value: attributeValues(attribute.type?.text).kind === 'boolean' ? { type: 'boolean', required: false } : { type: attribute.type?.text ?? 'string' },
          })),
          events: (element.events ?? []).map((event) => ({ name: event.name, description: event.description })),
          js: { events: (element.events ?? []).map((event) => ({ name: event.name, description: event.description, type: event.type?.text })) },
        })),
      },
      css: {
        properties: elements.flatMap((element) =>
          (element.cssProperties ?? []).map((property) => ({ name: property.name, description: property.description })),
        ),
        'pseudo-elements': elements.flatMap((element) =>
          (element.cssParts ?? []).map((part) => ({ name: `part(${part.name})`, description: part.description })),
        ),
      },
    },
  };
}
