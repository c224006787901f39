import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { REPOSITORY } from './workspace.ts';

// The voice provider's own description of its API (Vapi's OpenAPI document, reference data beside the
// checkout: ../shared/vapi-openapi/, with SOURCE.md), read at run time and never copied into the
// repository, so that what the fake voice API takes and answers is what the real one would.
// Validated with Ajv, the JSON Schema validator most of npm uses, after three rewrites that make a
// generic validator judge as Vapi's NestJS class-validator pipeline does:
// - unknown properties are refused (Vapi answers 400 "property x should not exist"): every object
//   schema that lists its properties and says nothing of others gets `additionalProperties: false`;
// - a oneOf whose branches each name themselves by one tag value (`provider: 'azure'`, `type:
//   'endCall'`) is picked by that tag, as Vapi's discriminated DTOs are, so a mistake is reported in
//   the branch it belongs to; any other oneOf is an anyOf (class-validator never asks for "exactly one");
// - NestJS's `type: array` with `enum` means an array of those values;
// - a `pattern` written as a JavaScript literal (`/^[a-zA-Z0-9_-]{1,64}$/`, class-validator's
//   @Matches printed as is) is the expression between its slashes, which is what Vapi applies.
// Errors come back as Vapi words them (`server.property secret should not exist`).

/** The document: `VAPI_OPENAPI` when set, else ../shared/vapi-openapi/openapi.json beside the checkout. */
export const VAPI_OPENAPI_PATH = process.env['VAPI_OPENAPI'] || join(REPOSITORY, '..', 'shared', 'vapi-openapi', 'openapi.json');

/** The schemas the project's code sends or receives. */
export type VapiSchema =
  | 'CreateAssistantDTO'
  | 'CreateCallDTO'
  | 'CreateWebCallDTO'
  | 'CreateChatDTO'
  | 'Chat'
  | 'AssistantOverrides'
  | 'Assistant'
  | 'Call'
  | 'ServerMessageStatusUpdate'
  | 'ServerMessageEndOfCallReport'
  | 'ServerMessageToolCalls'
  | 'ServerMessageResponseToolCalls'
  | 'ClientMessageToolCalls';

interface OpenApi {
  info: { title: string; version: string };
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown> }> }>>;
  components: { schemas: Record<string, SchemaObject> };
}
type SchemaObject = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  oneOf?: SchemaObject[];
  enum?: unknown[];
  deprecated?: boolean;
};

let document: OpenApi | undefined;

/** The published document, parsed once per process. */
export function vapiOpenApi(): OpenApi {
  if (document) return document;
  let text: string;
  try {
    text = readFileSync(VAPI_OPENAPI_PATH, 'utf8');
  } catch (error) {
    throw new Error(
      `The voice provider's API description is not at ${VAPI_OPENAPI_PATH} (${(error as Error).message}). The tests read Vapi's openapi.json from ../shared/vapi-openapi/ beside the checkout; set VAPI_OPENAPI to its path if it is elsewhere.`,
    );
  }
  document = JSON.parse(text) as OpenApi;
  return document;
}

const TAGS = ['provider', 'type', 'role', 'format'];

/**
 * The document's schemas rewritten as the header says; `current`: also without the properties the
 * document marks deprecated, so that using one is refused like an unknown one (what the project's own
 * bodies are held to; the provider still takes them).
 */
function rewrittenSchemas(current: boolean): Record<string, SchemaObject> {
  const schemas = structuredClone(vapiOpenApi().components.schemas);
  const resolve = (schema: SchemaObject): SchemaObject | undefined => (schema.$ref ? schemas[schema.$ref.split('/').pop()!] : schema);
  const tagOf = (branch: SchemaObject, tag: string): unknown => {
    const property = resolve(branch)?.properties?.[tag];
    const values = property && resolve(property)?.enum;
    return Array.isArray(values) && values.length === 1 ? values[0] : undefined;
  };
  const visit = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const node = schema as SchemaObject;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (node[key] as SchemaObject[] | undefined)?.forEach(visit);
    for (const key of ['items', 'not', 'additionalProperties'] as const) visit(node[key]);
    if (node.properties) {
      if (current) for (const [name, property] of Object.entries(node.properties)) if (property.deprecated) delete node.properties[name];
      Object.values(node.properties).forEach(visit);
      node['additionalProperties'] ??= false;
    }
    if (Array.isArray(node.enum) && node.enum.length === 0) delete node.enum;
    const literal = typeof node['pattern'] === 'string' ? /^\/(.+)\/[a-z]*$/s.exec(node['pattern']) : null;
    if (literal) node['pattern'] = literal[1];
    if (node['type'] === 'array' && Array.isArray(node.enum)) {
      node['items'] = { ...(node['items'] as object | undefined), enum: node.enum };
      delete node.enum;
    }
    if (node.oneOf) {
      const branches = node.oneOf;
      const tag = TAGS.find((name) => {
        const values = branches.map((branch) => tagOf(branch, name));
        return values.every((value) => value !== undefined) && new Set(values).size === values.length;
      });
      delete node.oneOf;
      delete node['discriminator'];
      if (tag === undefined) {
        node['anyOf'] = branches;
        return;
      }
      const values = branches.map((branch) => tagOf(branch, tag));
      // The last `else`: a tag none of the branches has, refused with the values it may take.
      let chain: SchemaObject = { properties: { [tag]: { enum: values } }, required: [tag] };
      for (let index = branches.length - 1; index >= 0; index--) {
        // JSON Schema's if/then/else, built by key: `then` is a schema keyword here, not a promise's.
        chain = Object.fromEntries([
          ['if', { properties: { [tag]: { const: values[index] } }, required: [tag] }],
          ['then', branches[index]!],
          ['else', chain],
        ]) as SchemaObject;
      }
      Object.assign(node, chain);
    }
  };
  Object.values(schemas).forEach(visit);
  return schemas;
}

const compiled = new Map<string, ValidateFunction>();
const validators = new Map<boolean, Ajv>();

function validatorOf(schema: VapiSchema, current: boolean): ValidateFunction {
  const key = `${current}:${schema}`;
  const known = compiled.get(key);
  if (known) return known;
  let ajv = validators.get(current);
  if (!ajv) {
    // Formats (uuid, uri, date-time) are not checked: the provider's ids in the tests are the fake's own.
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'vapi', components: { schemas: rewrittenSchemas(current) } });
    validators.set(current, ajv);
  }
  const validate = ajv.getSchema(`vapi#/components/schemas/${schema}`);
  if (!validate) throw new Error(`The provider's API description has no schema ${schema}.`);
  compiled.set(key, validate);
  return validate;
}

/** `/customer/name` as Vapi's messages name it: `customer.name`. */
const dotted = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

/** Compiles the validators of `schemas` now (about a second for the call and assistant bodies), so that no request waits for it. */
export function prepareVapiValidators(schemas: readonly VapiSchema[], { current = false }: { current?: boolean } = {}): void {
  for (const schema of schemas) validatorOf(schema, current);
}

/** One Ajv error as class-validator would word it. */
function message(error: ErrorObject): string {
  const at = dotted(error.instancePath);
  const prefix = at ? `${at}.` : '';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${prefix}property ${String(params['additionalProperty'])} should not exist`;
    case 'required':
      return `${prefix}${String(params['missingProperty'])} should not be empty`;
    case 'maxLength':
      return `${at} must be shorter than or equal to ${String(params['limit'])} characters`;
    case 'minLength':
      return `${at} must be longer than or equal to ${String(params['limit'])} characters`;
    case 'enum':
      return `${at} must be one of the following values: ${(params['allowedValues'] as unknown[]).join(', ')}`;
    case 'type':
      return `${at} must be a ${String(params['type'])}`;
    case 'anyOf':
      return `${at} must be one of the shapes the API allows here`;
    default:
      return `${at} ${error.message ?? error.keyword}`.trim();
  }
}

/**
 * What the provider would refuse in `body` sent as `schema`: its 400's messages, none when it would take
 * it. `current`: deprecated properties are refused too. An `if` is only the tag's choice (its branch
 * says what is wrong), and the branches of a failed anyOf are summed up by the anyOf's own message.
 */
export function vapiProblems(schema: VapiSchema, body: unknown, { current = false }: { current?: boolean } = {}): string[] {
  const validate = validatorOf(schema, current);
  if (validate(body)) return [];
  const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'if');
  const anyOfs = errors.filter((error) => error.keyword === 'anyOf').map((error) => error.schemaPath.replace(/\/anyOf$/, '/anyOf/'));
  const kept = errors.filter((error) => error.keyword === 'anyOf' || !anyOfs.some((path) => error.schemaPath.startsWith(path)));
  return [...new Set(kept.map(message))];
}

/** The 400 Vapi answers a body it refuses (NestJS's ValidationPipe). */
export const refusal = (messages: string[]) => ({ message: messages, error: 'Bad Request', statusCode: 400 });

/**
 * What the provider would refuse in a query string for `GET path` (`/assistant`): names it does not
 * list, and values that are not of their declared type.
 */
export function vapiQueryProblems(path: string, query: URLSearchParams): string[] {
  const parameters = vapiOpenApi().paths[path]?.['get']?.parameters?.filter((parameter) => parameter.in === 'query') ?? [];
  const problems: string[] = [];
  for (const [name, value] of query) {
    const declared = parameters.find((parameter) => parameter.name === name);
    if (!declared) problems.push(`property ${name} should not exist`);
    else if (declared.schema?.['type'] === 'number' && !Number.isFinite(Number(value))) problems.push(`${name} must be a number`);
    else if (declared.schema?.['format'] === 'date-time' && Number.isNaN(Date.parse(value))) problems.push(`${name} must be a valid ISO 8601 date string`);
  }
  return problems;
}
