import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './devices.schema.ts';
import { users } from './schema.ts';

/* User groups and their scopes (migration 0015_groups.sql). */

type Level = 'none' | 'view' | 'edit';

export const userGroups = pgTable('user_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  permDevices: text('perm_devices').$type<Level>().notNull().default('none'),
  permMedia: text('perm_media').$type<Level>().notNull().default('none'),
  permPlaylists: text('perm_playlists').$type<Level>().notNull().default('none'),
  permCampaigns: text('perm_campaigns').$type<Level>().notNull().default('none'),
  permStatistics: text('perm_statistics').$type<Level>().notNull().default('none'),
  permCompany: text('perm_company').$type<Level>().notNull().default('none'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userGroupCompanies = pgTable(
  'user_group_companies',
  {
    groupId: integer('group_id').notNull().references(() => userGroups.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.companyId] })],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => userGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);
