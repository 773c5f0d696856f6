import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { listenBenchApp, serveWhenRunDirectly, spawnBenchScript, type BenchServer } from './lib.ts';

/*
 * Child process of bench/playlists.bench.ts: the real server (PGlite in a temporary DATA_DIR, the built SPA) with
 * 50 ready images, <count> playlists of 3 tracks each (a third vertical, half committed) and one more playlist of
 * 1,000 tracks, the last id. Prints one JSON line {port} when listening; SIGTERM stops it.
 *   tsx bench/playlists-server.ts <count>
 */
export const BIG_TRACKS = 1000;

async function real(count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-playlists-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, 'bench-admin-password');
  await ctx.db.execute(sql`
    INSERT INTO media_files (name, screen_position, device_type, kind, original_name, source_ext, mime_type, size_bytes, status)
    SELECT 'Bench image ' || g, 'horizontal', 'tvpi', 'image', 'bench.png', 'png', 'image/png', 1000, 'ready_to_play' FROM generate_series(1, 50) g`);
  await ctx.db.execute(sql`
    INSERT INTO playlists (name, screen_position, committed, version, tracks_count, duration)
    SELECT 'Bench playlist ' || g, CASE WHEN g % 3 = 0 THEN 'vertical' ELSE 'horizontal' END, g % 2 = 0, g % 2, 3, 30
    FROM generate_series(1, ${count}) g`);
  await ctx.db.execute(sql`
    INSERT INTO playlist_tracks (playlist_id, media_id, position, duration)
    SELECT p, 1 + ((p + t) % 50), t, 10 FROM generate_series(1, ${count}) p, generate_series(1, 3) t`);
  const big = count + 1;
  await ctx.db.execute(sql`INSERT INTO playlists (name, screen_position, tracks_count, duration) VALUES ('Bench 1000 tracks', 'horizontal', ${BIG_TRACKS}, ${BIG_TRACKS * 10})`);
  await ctx.db.execute(sql`
    INSERT INTO playlist_tracks (playlist_id, media_id, position, duration)
    SELECT ${big}, 1 + (g % 50), g, 10 FROM generate_series(1, ${BIG_TRACKS}) g`);
  await ctx.db.execute(sql`ANALYZE playlists, playlist_tracks, media_files`);
  return listenBenchApp(await buildApp(ctx, { logger: false }), ctx.database, dataDir);
}

/** Starts this file as a child process pinned to core 1 (when there are two cores) and answers its origin. */
export function startPlaylistsServer(count: number): Promise<BenchServer> {
  return spawnBenchScript(import.meta.url, [String(count)]);
}

await serveWhenRunDirectly(import.meta.url, () => real(Number(process.argv[2] ?? 5000)));
