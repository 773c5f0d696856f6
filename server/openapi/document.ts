import { isOptional, toJsonSchema, type JsonSchema } from './jsonSchema.ts';
import { routeDocs, type RouteAuth, type RouteDoc } from './routes.ts';

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  none: [],
  user: [{ jwt: [] }],
  player: [{ deviceSerial: [], deviceKey: [] }],
  playerOrUser: [{ jwt: [] }, { deviceSerial: [], deviceKey: [] }],
};

/** "GET /media/files/{id}" -> ["GET", "/media/files/{id}"]. */
function split(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/** An operationId from the method and path: "GET /media/files/{id}" -> "getMediaFilesById". */
export function operationId(key: string): string {
  const [method, path] = split(key);
  const words = path
    .replace(/\{(\w+)\}/g, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function errorResponses(key: string, doc: RouteDoc): Record<string, unknown> {
  const auth = doc.auth ?? 'user';
  const codes: Record<number, Set<string>> = {};
  const add = (status: number, ...names: string[]) => names.forEach((name) => (codes[status] ??= new Set()).add(name));
  const [, path] = split(key);
  if (doc.query || doc.body || path.includes('{')) add(400, 'validation_error');
  if (auth === 'user' || auth === 'playerOrUser') add(401, 'not_authenticated', 'token_not_valid', 'token_revoked', 'token_expired', 'user_inactive'), add(403, 'forbidden');
  if (auth === 'player' || auth === 'playerOrUser') add(401, 'unknown_device', 'invalid_device_key');
  if (path.includes('{')) add(404, 'not_found');
  for (const [status, names] of Object.entries(doc.errors ?? {})) add(Number(status), ...names);
  const out: Record<string, unknown> = {};
  for (const [status, names] of Object.entries(codes)) {
    const list = [...names].sort();
    out[status] = {
      description: `Error; \`code\` is one of: ${list.join(', ')}.`,
      content: { 'application/json': { schema: { allOf: [ERROR_REF], properties: { code: { type: 'string', examples: list } } } } },
    };
  }
  return out;
}

/** Whether an answer is the paged list envelope {count, next, previous, results}: its route takes page and page_size. */
function isPage(response: RouteDoc['response']): boolean {
  const shape = response?.schema as Record<string, unknown> | null | undefined;
  return !!shape && typeof shape === 'object' && ['count', 'next', 'previous', 'results'].every((key) => key in shape);
}

function parameters(path: string, query: RouteDoc['query'], paged: boolean): unknown[] {
  const list: unknown[] = [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: match[1] === 'size' ? { type: 'string' } : { type: 'integer', minimum: 1 },
  }));
  if (query && (query.type === 'object' || query.type === 'type')) {
    for (const [name, member] of Object.entries(query.schema as Record<string, Parameters<typeof toJsonSchema>[0]>)) {
      list.push({ name, in: 'query', required: !isOptional(member), schema: toJsonSchema(member) });
    }
  }
  if (paged) {
    list.push(
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
      { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 500 }, description: 'Default 20.' },
    );
  }
  return list;
}

function operation(key: string, doc: RouteDoc): Record<string, unknown> {
  const [, path] = split(key);
  const status = String(doc.status ?? 200);
  const tag = path.split('/').filter(Boolean)[0] ?? 'api';
  let success: Record<string, unknown>;
  if (status === '204') success = { description: 'Done; no body.' };
  else if (doc.answer === 'file') success = { description: 'A file.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  else if (doc.answer === 'stream') success = { description: 'A Server-Sent Events stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } };
  else success = { description: 'Success.', content: { 'application/json': { schema: doc.response ? toJsonSchema(doc.response) : {} } } };
  const op: Record<string, unknown> = {
    operationId: operationId(key),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [tag],
    security: SECURITY[doc.auth ?? 'user'],
    responses: { [status]: success, ...errorResponses(key, doc) },
  };
  const params = parameters(path, doc.query, isPage(doc.response));
  if (params.length) op.parameters = params;
  if (doc.body === 'multipart') {
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
  } else if (doc.body) {
    op.requestBody = { required: !isOptional(doc.body), content: { 'application/json': { schema: toJsonSchema(doc.body) } } };
  }
  return op;
}

/** The schema a JSON answer of `key` with `status` must meet, when the document names one. */
export function responseSchema(key: string, status: number): JsonSchema | undefined {
  const doc = routeDocs[key];
  if (!doc || doc.answer || !doc.response || status !== (doc.status ?? 200)) return undefined;
  return toJsonSchema(doc.response);
}

/** The OpenAPI 3.1 document of the API, built from routeDocs and the shared superstruct schemas. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, doc] of Object.entries(routeDocs)) {
    const [method, path] = split(key);
    (paths[path] ??= {})[method.toLowerCase()] = operation(key, doc);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine API',
      version,
      description: 'The digital-signage control panel API. docs/api.md is the narrative contract; every error answers `{detail, code, fields?}`.',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: {
        jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A signed-in user: `Authorization: JWT <access token>` (POST /auth/token-obtain/), or an integration: `Authorization: Token <API token>` (made on the profile, POST /profile/api-tokens/), with the rights the token was given; `Bearer` works for either.' },
        deviceSerial: { type: 'apiKey', in: 'header', name: 'X-Device-Serial', description: "A player: the device's serial number (with X-Device-Key)." },
        deviceKey: { type: 'apiKey', in: 'header', name: 'X-Device-Key', description: "A player: the device's key (with X-Device-Serial)." },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['detail', 'code'],
          properties: {
            detail: { type: 'string', description: 'A sentence for people.' },
            code: { type: 'string', description: 'Stable; clients translate it.' },
            fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field path -> error code (required, invalid, too_long, ...).' },
          },
        },
      },
    },
    paths,
  };
}
