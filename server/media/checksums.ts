import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import type { MediaStore } from './storage.ts';

/*
 * SHA-256 of media files' source bytes (issue 18): what the player's schedule sends as each item's `checksum` and
 * what the web player checks its downloads against. An upload is hashed while it streams to the store (no second read);
 * files stored before migration 0023 are hashed once by a backfill at start-up.
 */

/** A pass-through stream that hashes what flows through it (and keeps its first `headBytes`); `hex()` once the stream has ended. */
export class HashingStream extends Transform {
  private readonly hash: Hash = createHash('sha256');
  /** The first bytes that flowed, up to `headBytes` (what sniffing reads). */
  head: Buffer = Buffer.alloc(0);

  constructor(private readonly headBytes = 0) {
    super({ highWaterMark: 1024 * 1024 });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    if (this.head.length < this.headBytes) this.head = Buffer.concat([this.head, chunk.subarray(0, this.headBytes - this.head.length)]);
    callback(null, chunk);
  }

  hex(): string {
    return this.hash.digest('hex');
  }
}

/** The SHA-256 of a file on disk, as lower-case hex. */
export async function hashFile(file: string): Promise<string> {
  return hashStream(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }));
}

/** The SHA-256 of a stream's bytes, as lower-case hex. */
export async function hashStream(source: Readable): Promise<string> {
  const hashing = new HashingStream();
  await pipeline(source, hashing, async function* (source) {
    for await (const _chunk of source) {
      /* drained: the hash is all that is wanted */
    }
  });
  return hashing.hex();
}

const BATCH = 50;

/**
 * Hashes the stored files that have no SHA-256 yet, oldest first, one at a time (the server keeps serving meanwhile).
 * A file missing in the store is skipped (its checksum stays the opaque tag). Answers how many were hashed; `stopped()`
 * ends it between files.
 */
export async function backfillChecksums(db: Db, store: MediaStore, log: FastifyBaseLogger, stopped: () => boolean = () => false): Promise<number> {
  let after = 0;
  let hashed = 0;
  for (;;) {
    if (stopped()) return hashed;
    const result = (await db.execute(
      sql`SELECT id, source_ext FROM media_files WHERE sha256 IS NULL AND id > ${after} ORDER BY id LIMIT ${BATCH}`,
    )) as unknown as { rows: { id: number; source_ext: string }[] };
    if (!result.rows.length) return hashed;
    for (const row of result.rows) {
      if (stopped()) return hashed;
      after = Number(row.id);
      try {
        const sha256 = await hashStream(await store.read(store.sourceKey(after, row.source_ext)));
        await db.execute(sql`UPDATE media_files SET sha256 = ${sha256} WHERE id = ${after} AND sha256 IS NULL`);
        hashed += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ err: error, media: after }, 'Hashing a stored media file failed');
      }
    }
  }
}
