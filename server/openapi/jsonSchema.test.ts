import { any, array, boolean, define, enums, integer, literal, min, nullable, number, object, optional, record, size, string, type, union, unknown } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { Id, Page, requiredString } from '../../src/services/schemas/common.ts';
import { isOptional, toJsonSchema } from './jsonSchema.ts';

describe('superstruct -> JSON Schema', () => {
  it('maps the scalar types', () => {
    expect(toJsonSchema(string())).toEqual({ type: 'string' });
    expect(toJsonSchema(number())).toEqual({ type: 'number' });
    expect(toJsonSchema(integer())).toEqual({ type: 'integer' });
    expect(toJsonSchema(boolean())).toEqual({ type: 'boolean' });
    expect(toJsonSchema(literal('queued'))).toEqual({ const: 'queued' });
    expect(toJsonSchema(enums(['a', 'b']))).toEqual({ enum: ['a', 'b'] });
    expect(toJsonSchema(any())).toEqual({});
    expect(toJsonSchema(unknown())).toEqual({});
  });

  it('keeps the inner type of a refinement and names custom defines it knows', () => {
    expect(toJsonSchema(Id)).toEqual({ type: 'integer' });
    expect(toJsonSchema(size(string(), 1, 30))).toEqual({ type: 'string' });
    expect(toJsonSchema(requiredString)).toMatchObject({ type: 'string', minLength: 1 });
    expect(toJsonSchema(define('Unheard', () => true))).toEqual({});
  });

  it('says nullable and optional', () => {
    expect(toJsonSchema(nullable(string()))).toEqual({ type: ['string', 'null'] });
    expect(toJsonSchema(nullable(enums(['x'])))).toEqual({ enum: ['x', null] });
    expect(toJsonSchema(nullable(object({ a: string() })))).toEqual({ type: ['object', 'null'], properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false });
    expect(isOptional(optional(string()))).toBe(true);
    expect(isOptional(string())).toBe(false);
    expect(isOptional(any())).toBe(false);
  });

  it('walks objects (closed), types (open), arrays, records and pages', () => {
    const thing = object({ id: min(integer(), 1), name: optional(string()), tags: array(string()), note: nullable(optional(string())) });
    expect(toJsonSchema(thing)).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: ['string', 'null'] } },
      required: ['id', 'tags'],
      additionalProperties: false,
    });
    expect(toJsonSchema(type({ a: number() }))).toEqual({ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] });
    expect(toJsonSchema(record(string(), number()))).toEqual({ type: 'object' });
    expect(toJsonSchema(Page(object({ id: integer() })))).toMatchObject({
      properties: { count: { type: 'integer' }, next: { type: ['string', 'null'] }, results: { type: 'array', items: { properties: { id: { type: 'integer' } } } } },
      required: ['count', 'next', 'previous', 'results'],
    });
  });

  it('gives up honestly on a union (superstruct does not expose its members)', () => {
    expect(toJsonSchema(union([string(), number()]))).toEqual({});
  });
});
