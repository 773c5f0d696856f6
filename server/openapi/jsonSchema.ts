import type { Struct } from 'superstruct';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = { [key: string]: unknown };

/** Custom `define(...)` structs of the shared schemas, by name: what each accepts, as JSON Schema. */
const DEFINED: Record<string, JsonSchema> = {
  requiredString: { type: 'string', minLength: 1, description: 'A string with at least one non-blank character.' },
  PlaylistName: { type: 'string', minLength: 1, maxLength: 30 },
};

type AnyStruct = Struct<any, any>;

const accepts = (struct: AnyStruct, value: unknown) => !struct.validate(value)[0];

/**
 * Whether a struct takes `undefined` (superstruct's optional() keeps the inner type's name and schema; only its
 * validator says so). any() and unknown() take everything, so they are never "optional" by this test alone.
 */
export function isOptional(struct: AnyStruct): boolean {
  return struct.type !== 'any' && struct.type !== 'unknown' && accepts(struct, undefined);
}

/**
 * The JSON Schema of a superstruct struct, walked through struct.type and struct.schema. nullable() shows only by
 * accepting null; refinements (min, max, size, pattern) keep their inner type and their bounds are closures, so the
 * schema says the type and the shape, and the server's own check stays the authority on bounds.
 * Structs whose members superstruct does not expose (union, intersection, tuple, lazy: schema is null) are `{}`.
 */
export function toJsonSchema(struct: AnyStruct): JsonSchema {
  const schema = bare(struct);
  if (struct.type !== 'any' && struct.type !== 'unknown' && struct.type !== 'literal' && accepts(struct, null) && !acceptsNullByShape(struct)) {
    return nullable(schema);
  }
  return schema;
}

/** Literal null and enums holding null already say so in their own schema. */
function acceptsNullByShape(struct: AnyStruct): boolean {
  if (struct.type === 'enums') return Object.values(struct.schema as Record<string, unknown>).includes(null);
  return false;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

function properties(shape: Record<string, AnyStruct>) {
  const props: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, member] of Object.entries(shape)) {
    props[key] = toJsonSchema(member);
    if (!isOptional(member)) required.push(key);
  }
  return { properties: props, ...(required.length ? { required } : {}) };
}

function bare(struct: AnyStruct): JsonSchema {
  const schema = struct.schema as unknown;
  switch (struct.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'integer':
      return { type: 'integer' };
    case 'boolean':
      return { type: 'boolean' };
    case 'bigint':
      return { type: 'integer' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'literal':
      return { const: schema };
    case 'enums':
      return { enum: Object.values(schema as Record<string, unknown>) };
    case 'object':
      // object() refuses keys it does not name; type() lets them through.
      return { type: 'object', ...properties(schema as Record<string, AnyStruct>), additionalProperties: false };
    case 'type':
      return { type: 'object', ...properties(schema as Record<string, AnyStruct>) };
    case 'array':
      return schema ? { type: 'array', items: toJsonSchema(schema as AnyStruct) } : { type: 'array' };
    case 'tuple':
      return { type: 'array' };
    case 'record':
      return { type: 'object' };
    case 'union':
      return Array.isArray(schema) ? { anyOf: (schema as AnyStruct[]).map(toJsonSchema) } : {};
    case 'never':
      return { not: {} };
    case 'any':
    case 'unknown':
      return {};
    default:
      return DEFINED[struct.type] ? { ...DEFINED[struct.type] } : {};
  }
}
