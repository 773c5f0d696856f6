import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import type { ScreenPosition } from '../../src/services/schemas/media.ts';

/*
 * Layouts, their zones and committed versions (migration 0042_layouts.sql), as drizzle sees them. The queries of
 * server/db/layouts.ts are plain SQL like playlists'; these tables keep the columns' names and types in one place.
 */

export const layouts = pgTable(
  'layouts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    companyId: integer('company_id'),
    screenPosition: text('screen_position').$type<ScreenPosition>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    backgroundColor: text('background_color').notNull().default('#000000'),
    backgroundMediaId: integer('background_media_id'),
    /** The last committed version (0: never committed). */
    version: integer('version').notNull().default(0),
    /** The zones equal that version. */
    committed: boolean('committed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('layouts_created_idx').on(t.createdAt.desc(), t.id.desc()), index('layouts_company_idx').on(t.companyId)],
);

export const layoutZones = pgTable(
  'layout_zones',
  {
    id: serial('id').primaryKey(),
    layoutId: integer('layout_id').notNull().references(() => layouts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    z: integer('z').notNull(),
    /** Order in the editor's list. */
    position: integer('position').notNull(),
    /** At most one of the two: what the zone plays (none while drafting). */
    playlistId: integer('playlist_id'),
    mediaId: integer('media_id'),
  },
  (t) => [index('layout_zones_layout_idx').on(t.layoutId, t.position), check('layout_zones_check', sql`${t.playlistId} IS NULL OR ${t.mediaId} IS NULL`)],
);

export const layoutVersions = pgTable(
  'layout_versions',
  {
    layoutId: integer('layout_id').notNull().references(() => layouts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** {width, height, background: {color, media}, zones: [{id, name, x, y, width, height, z, content}]}. */
    body: jsonb('body').notNull(),
    committedBy: integer('committed_by'),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.layoutId, t.version] })],
);
