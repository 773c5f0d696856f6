import { StructError, type Struct } from 'superstruct';
import { IdParam } from '../src/services/schemas/common.ts';

/** A domain error that the error handler turns into `{detail, code, fields?}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    detail: string,
    readonly fields?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (code: string, detail: string, fields?: Record<string, string>) => new ApiError(400, code, detail, fields);
export const unauthorized = (code: string, detail: string) => new ApiError(401, code, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, 'forbidden', detail);
export const notFound = (entity = 'Object') => new ApiError(404, 'not_found', `${entity} not found.`);
export const conflict = (code: string, detail: string, fields?: Record<string, string>) => new ApiError(409, code, detail, fields);

function failureCode(refinement: string | undefined, type: string, value: unknown): string {
  if (value === undefined) return 'required';
  if (refinement === 'size' || refinement === 'max') return 'out_of_range';
  if (refinement === 'min') return 'out_of_range';
  if (refinement === 'pattern') return 'invalid_format';
  if (refinement === 'characters') return 'invalid_characters';
  if (type === 'requiredString') return 'required';
  if (type === 'never') return 'unknown_field';
  return 'invalid';
}

/** Maps a superstruct failure to the field -> code map of a 400 answer. */
export function fieldsOf(error: StructError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const failure of error.failures()) {
    const key = failure.path.length ? failure.path.join('.') : 'body';
    fields[key] ??= failureCode(failure.refinement, failure.type, failure.value);
  }
  return fields;
}

/** Validates (and coerces) input against a shared schema, or throws a 400 `validation_error`. */
export function parse<T, S>(struct: Struct<T, S>, input: unknown): T {
  const [error, value] = struct.validate(input ?? {}, { coerce: true });
  if (error) throw badRequest('validation_error', 'The request has invalid fields.', fieldsOf(error));
  return value as T;
}

/** Reads a numeric id from route params (`/things/:id`), or throws 400 with the field named. */
export function parseId(params: unknown, name = 'id'): number {
  const raw = (params as Record<string, unknown> | undefined)?.[name];
  const [error, value] = IdParam.validate(raw, { coerce: true });
  if (error) throw badRequest('validation_error', `${name} must be a positive integer.`, { [name]: 'invalid' });
  return value;
}
