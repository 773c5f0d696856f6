import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PreferencesBody } from '../../src/services/schemas/profile.ts';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { record } from '../domain/journal.ts';
import { preferencesOf } from '../domain/profile.ts';
import { notFound, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

/** The signed-in user's own interface preferences (GET /users/profile/ answers them with the rest of the profile). */
export default async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  app.put('/users/profile/', async (request) => {
    const body = parse(PreferencesBody, request.body);
    const id = currentUser(request).id;
    const [before] = await db.select({ language: users.language, theme: users.theme }).from(users).where(eq(users.id, id));
    if (!before) throw notFound('User');
    const patch = { ...(body.language !== undefined ? { language: body.language } : {}), ...(body.theme !== undefined ? { theme: body.theme } : {}) };
    const [after] = await db.update(users).set(patch).where(eq(users.id, id)).returning({ language: users.language, theme: users.theme });
    if (!after) throw notFound('User');
    await record(db, { userId: id, action: 'preferences', entity: 'user', entityId: id, before, after });
    return preferencesOf(after);
  });
}
