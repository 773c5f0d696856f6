import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/* Mirror of migrations 0002_devices.sql and 0002_devices_scale.sql (no index on what heartbeats write: HOT updates). */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /* Migration 0014_company_hierarchy */
  shortName: text('short_name').notNull().default(''),
  legalAddress: text('legal_address').notNull().default(''),
  postalAddress: text('postal_address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  url: text('url').notNull().default(''),
  personName: text('person_name').notNull().default(''),
  inn: text('inn').notNull().default(''),
  contract: text('contract').notNull().default(''),
  videoUploadActive: boolean('video_upload_active').notNull().default(true),
  /** "Require two-factor codes" (migration 0051). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** "Also for single sign-on": sessions begun through single sign-on are held too (migration 0055). */
  requireTwoFactorSso: boolean('require_two_factor_sso').notNull().default(false),
  alias: text('alias').notNull().default(''),
  country: text('country').notNull().default(''),
  city: text('city').notNull().default(''),
  representative: text('representative').notNull().default(''),
  officeCampaign: integer('office_campaign'),
});

export const offices = pgTable(
  'offices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** IANA zone (migration 0013); null: the server's zone. */
    timezone: text('timezone'),
    /** Migration 0014_company_hierarchy: the department the office belongs to, if any. */
    departmentId: integer('department_id'),
  },
  (t) => [index('offices_company_idx').on(t.companyId)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    sn: text('sn').notNull(),
    mac: text('mac'),
    name: text('name').notNull().default(''),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    deviceType: text('device_type').notNull().default('tvpi'),
    defaultConfig: text('default_config').notNull().default('standard'),
    screenType: text('screen_type').notNull().default(''),
    description: text('description').notNull().default(''),
    mountDate: date('mount_date', { mode: 'string' }),
    warranty: date('warranty', { mode: 'string' }),
    position: text('position').notNull().default('unknown'),
    positionRank: smallint('position_rank').generatedAlwaysAs(
      sql`CASE position WHEN 'horizontal' THEN 0 WHEN 'vertical' THEN 1 ELSE 2 END`,
    ),
    ip: text('ip'),
    /** Migration 0002_devices_scale: lower(sn, mac, name, ip, description), for the list search. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(sn || ' ' || coalesce(mac, '') || ' ' || name || ' ' || coalesce(ip, '') || ' ' || description)`,
    ),
    lastConnection: timestamptz('last_connection'),
    signedOffAt: timestamptz('signed_off_at'),
    scheduleExpiry: timestamptz('schedule_expiry'),
    version: text('version').notNull().default(''),
    scheduleState: text('schedule_state').notNull().default('not_found'),
    scheduleVersion: integer('schedule_version').notNull().default(0),
    configVersion: integer('config_version').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    photoFile: text('photo_file'),
    photoType: text('photo_type'),
    deviceKey: text('device_key').notNull(),
    userId: integer('user_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Migration 0053: tags as written, and their lower-case keys (what filters compare; GIN index devices_tag_keys_idx). */
    tags: text('tags').array().notNull().default(sql`'{}'`),
    /** Migration 0056: what the player last reported of its screen ('on', 'off'; null: never said). */
    display: text('display'),
    tagKeys: text('tag_keys').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    uniqueIndex('devices_sn_key').on(t.sn),
    uniqueIndex('devices_mac_key').on(t.mac).where(sql`mac IS NOT NULL`),
    index('devices_position_idx').on(t.positionRank, t.id),
    // Migration 0021b: (office_id, position_rank, id) INCLUDE (is_active, device_type).
    index('devices_office_idx').on(t.officeId, t.positionRank, t.id),
    // Migration 0032: a type's devices in group order (its list pages walk them), replacing the plain type index.
    index('devices_type_rank_idx').on(t.deviceType, t.positionRank, t.id),
  ],
);

export const deviceConfigs = pgTable(
  'device_configs',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    content: text('content').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('device_configs_device_id_path_key').on(t.deviceId, t.path)],
);

export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
    acknowledgedAt: timestamptz('acknowledged_at'),
  },
  (t) => [index('device_commands_pending_idx').on(t.deviceId).where(sql`delivered_at IS NULL`)],
);

export const pendingClients = pgTable(
  'pending_clients',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull().unique(),
    mac: text('mac'),
    ip: text('ip'),
    version: text('version').notNull().default(''),
    helloCount: integer('hello_count').notNull().default(1),
    firstSeen: timestamptz('first_seen').notNull().defaultNow(),
    lastSeen: timestamptz('last_seen').notNull().defaultNow(),
    adoptedDeviceId: integer('adopted_device_id').references(() => devices.id, { onDelete: 'set null' }),
    adoptedAt: timestamptz('adopted_at'),
  },
  (t) => [index('pending_clients_last_seen_idx').on(t.lastSeen)],
);
