import { bigint, boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeviceType } from '../../src/services/schemas/devices.ts';
import { users } from './schema.ts';

/* Media files, their processing queue and the Directory's encoding presets (migration 0003_media.sql). */

export const directoryQueries = pgTable('directory_queries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  value: text('value').notNull(),
  type: text('type').$type<'video' | 'image'>().notNull(),
  device: text('device').$type<DeviceType>().notNull(),
  screen: text('screen').$type<'horizontal' | 'vertical' | 'unknown'>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    screenPosition: text('screen_position').$type<'horizontal' | 'vertical' | 'unknown'>().notNull(),
    /** Uploaded without a screen position: the probe sets it from the picture (migration 0029). */
    positionFromProbe: boolean('position_from_probe').notNull().default(false),
    deviceType: text('device_type').$type<DeviceType>().notNull(),
    kind: text('kind').$type<'video' | 'image'>().notNull(),
    originalName: text('original_name').notNull(),
    sourceExt: text('source_ext').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the source bytes, lower-case hex (migration 0023); null until the start-up backfill hashed it. */
    sha256: text('sha256'),
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    videoCodec: text('video_codec'),
    hasPreview: boolean('has_preview').notNull().default(false),
    status: text('status').$type<'processing' | 'ready_to_play' | 'playing' | 'failed'>().notNull().default('processing'),
    failureReason: text('failure_reason'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owning company (migration 0015b); null: only the administrator sees the file. */
    companyId: integer('company_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Screens play it from and until (migration 0058, issue 42); null: no bound. */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [index('media_files_uploaded_idx').on(t.uploadedAt.desc(), t.id.desc()), index('media_files_status_idx').on(t.status)],
);

export type JobKind = 'probe' | 'render' | 'fallback';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<JobKind>().notNull(),
    queryId: integer('query_id').references(() => directoryQueries.id, { onDelete: 'cascade' }),
    preset: text('preset'),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    outputBytes: bigint('output_bytes', { mode: 'number' }),
    /** SHA-256 of a finished render's bytes (migration 0026). */
    outputSha256: text('output_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('media_jobs_status_idx').on(t.status, t.id)],
);

export type DirectoryQueryRow = typeof directoryQueries.$inferSelect;
export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type MediaJobRow = typeof mediaJobs.$inferSelect;
