import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { pendingMigrations } from '../db/index.ts';
import { ApiError } from '../errors.ts';

const version = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

/** What a load balancer probes: no token; 200 only when the database answers and every migration is applied. */
export default async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/health/', { config: { machineClients: true }, compress: false }, async (request, reply) => {
    let pending: string[];
    try {
      pending = await pendingMigrations(ctx.db);
    } catch (error) {
      request.log.warn({ err: error }, 'Health check: the database did not answer');
      throw new ApiError(503, 'database_unavailable', 'The database is not reachable.');
    }
    reply.header('cache-control', 'no-store');
    if (pending.length) throw new ApiError(503, 'migrations_pending', `${pending.length} migrations are not applied.`);
    return { status: 'ok', database: ctx.database.kind, migrations: 'applied', version };
  });
}
