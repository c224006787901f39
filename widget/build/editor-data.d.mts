// Types for the node tests that import the build's JavaScript (plain JS: the build runs on Node 20 without a TypeScript loader).
import type { ClassDeclaration, CustomElementDeclaration, Package } from 'custom-elements-manifest/schema';

export type AttributeValues = { kind: 'boolean' } | { kind: 'enum'; values: string[] } | { kind: 'text' };
export function elementsOf(manifest: Package): Array<CustomElementDeclaration & ClassDeclaration>;
export function attributeValues(typeText?: string): AttributeValues;

export interface VsCodeAttribute {
  name: string;
  description: { kind: 'markdown'; value: string };
  valueSet?: 'v';
  values?: Array<{ name: string }>;
}
export function vsCodeHtmlCustomData(manifest: Package): {
  version: 1.1;
  tags: Array<{ name: string; description: { kind: 'markdown'; value: string }; attributes: VsCodeAttribute[] }>;
};

export interface WebTypesElement {
  name: string;
  description: string;
  attributes: Array<{ name: string; description?: string; default?: string; value: { type: string; required?: boolean } }>;
  events: Array<{ name: string; description?: string }>;
  js: { events: Array<{ name: string; description?: string; type?: string }> };
}
export function webTypes(
  manifest: Package,
  packageJson: { name: string; version: string },
): {
  $schema: string;
  name: string;
  version: string;
  contributions: {
    html: { elements: WebTypesElement[] };
    css: { properties: Array<{ name: string; description?: string }>; 'pseudo-elements': Array<{ name: string; description?: string }> };
  };
};
