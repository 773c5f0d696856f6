import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../openapi/document.ts';

const version = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

/** The OpenAPI 3.1 document, built once per process from the route registry and the shared schemas. */
let built: Record<string, unknown> | undefined;
export const apiDocument = () => (built ??= openApiDocument(version));

/** GET /openapi.json: no token (it describes the API, never data). The reference page /api/docs reads it. */
export default async function openApiRoutes(app: FastifyInstance) {
  app.get('/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return apiDocument();
  });
}
