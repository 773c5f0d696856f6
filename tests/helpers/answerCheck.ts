import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../server/app.ts';
import { responseSchema } from '../../server/openapi/document.ts';
import { routeDocs } from '../../server/openapi/routes.ts';

/** "GET /media/files/:id/" and "GET /media/files/{id}" alike -> "GET /media/files/{id}". */
export const routeKey = (route: string) => route.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');

/** The registry's key of each route, by routeKey (docs/api.md and the server may differ in a trailing slash). */
const documented = new Map(Object.keys(routeDocs).map((key) => [routeKey(key), key]));

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction | null>();

function validatorFor(key: string, status: number): ValidateFunction | null {
  const id = `${key} ${status}`;
  if (!validators.has(id)) {
    const schema = responseSchema(key, status);
    validators.set(id, schema ? ajv.compile(schema) : null);
  }
  return validators.get(id)!;
}

/** What is wrong with a JSON answer of a documented route, as "METHOD /path STATUS: /field message" lines; [] when it meets its schema. */
export function answerProblems(method: string, url: string, status: number, body: unknown): string[] {
  const key = documented.get(routeKey(`${method} ${url}`));
  if (!key) return [];
  const validate = validatorFor(key, status);
  if (!validate || validate(body)) return [];
  return (validate.errors ?? []).slice(0, 5).map((error) => {
    const field = error.instancePath || '(the answer)';
    const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : '';
    return `${key} ${status}: ${field} ${error.message}${extra} — the documented response is routeDocs['${key}'].response in server/openapi/routes.ts`;
  });
}

/**
 * Checks every JSON answer of a documented route against its documented response schema (server/openapi), and keeps
 * what does not meet it in `problems`: startTestServer({ checkAnswers: true }) fails close() with them.
 */
export function checkAnswers(app: FastifyInstance, problems: string[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith(API_PREFIX) || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      problems.push(`${request.method} ${url} ${reply.statusCode}: the answer is not JSON`);
      return payload;
    }
    problems.push(...answerProblems(request.method, url.slice(API_PREFIX.length), reply.statusCode, body));
    return payload;
  });
}
