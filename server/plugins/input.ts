import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * The door every request passes: text the database cannot store (U+0000, which PostgreSQL's text and jsonb refuse,
 * and lone UTF-16 surrogates, which jsonb refuses and text silently turns into U+FFFD) and JSON nested deeper than
 * MAX_JSON_DEPTH (recursive walkers such as superstruct overflow the stack on it) are refused with 400 before any
 * route sees them, so no route can half-write such input or answer 500 for it.
 */

/** How deep a JSON body may nest; the API's deepest body (a media file_info list) needs 3. */
export const MAX_JSON_DEPTH = 32;

const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A JSON text can only produce U+0000 or a surrogate through an escape (raw ones are invalid JSON or invalid UTF-8). */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;

/** Whether a string holds U+0000 or a lone surrogate. */
export function isBadText(value: string): boolean {
  return BAD_TEXT.test(value);
}

/**
 * The path ("a.b.0") of the first string (value or key) in `value` that isBadText, '' for the value itself, or
 * null when there is none. Iterative, so any depth is safe.
 */
export function findBadText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (isBadText(item)) return at;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const path = at ? `${at}.${key}` : key;
        if (isBadText(key)) return at || 'body';
        stack.push([child, path]);
      }
    }
  }
  return null;
}

/** Whether `value` nests deeper than `limit` objects and arrays (iterative). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** More `{` and `[` than the limit in the text: only then can the value nest too deep (a cheap count before any walk). */
function mayNestDeeperThan(text: string, limit: number): boolean {
  let open = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if ((c === OPEN_BRACE || c === OPEN_BRACKET) && ++open > limit) return true;
  }
  return false;
}

export const invalidCharacters = (field: string) =>
  badRequest('validation_error', 'The request has invalid fields.', { [field || 'body']: 'invalid_characters' });

/** Throws the 400 of the door when a parsed JSON body (from `text`) holds bad text or nests too deep. */
export function checkJson(text: string, value: unknown): void {
  if (mayNestDeeperThan(text, MAX_JSON_DEPTH) && nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    throw badRequest('validation_error', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`, { body: 'too_deep' });
  }
  if (SUSPECT_ESCAPE.test(text)) {
    const at = findBadText(value);
    if (at !== null) throw invalidCharacters(at);
  }
}

/** Throws the 400 of the door when a query string or path parameter holds bad text. */
function checkStrings(values: unknown, origin: string): void {
  if (!values || typeof values !== 'object') return;
  for (const key in values) {
    const value = (values as Record<string, unknown>)[key];
    if (isBadText(key)) throw invalidCharacters(origin);
    if (typeof value === 'string') {
      if (isBadText(value)) throw invalidCharacters(key);
    } else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'string' && isBadText(item)) throw invalidCharacters(key);
    }
  }
}

/** Checks the query string and the path parameters of a request (an onRequest step). */
export function checkRequestStrings(request: FastifyRequest): void {
  checkStrings(request.query, 'query');
  checkStrings(request.params, 'params');
}

/**
 * Replaces Fastify's JSON parser with the same parser (prototype poisoning refused) followed by the door's check.
 * The check costs one regex test and a count of brackets on the text; a walk only runs for a suspect text.
 */
export function guardJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      try {
        checkJson(body as string, value);
      } catch (refused) {
        return done(refused as Error, undefined);
      }
      done(null, value);
    });
  });
}
