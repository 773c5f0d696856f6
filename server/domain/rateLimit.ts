import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

/**
 * Counts a hit for key in a fixed window kept in the database (shared by every instance)
 * and answers whether it is still within max.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }> {
  const result = (await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int AS retry_after
  `)) as unknown as { rows: { hits: number; retry_after: number }[] };
  const row = result.rows[0]!;
  return { allowed: row.hits <= max, retryAfter: Number(row.retry_after) };
}
