import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import authRoutes from './auth.ts';
import userRoutes from './users.ts';

/** Every resource plugin, mounted under /api/v1. One line per resource. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }>[] = [authRoutes, userRoutes];
