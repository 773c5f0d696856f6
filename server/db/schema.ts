import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, serial, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';

/* Core tables (migration 0001_core.sql). Feature tables live in schema files of their own beside this one. */

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Raised by a password change or deactivation: access tokens of an older generation are refused (migration 0008). */
  tokenGeneration: integer('token_generation').notNull().default(0),
  /** The refresh family (session) that made the last such change: its access tokens stay accepted. */
  keptFamily: uuid('kept_family'),
  /** Interface preferences (migration 0016d); null until the user picks one. */
  language: text('language'),
  theme: text('theme'),
  /** Two-factor codes (migration 0051): the sealed TOTP secret (server/auth/twoFactor.ts), an enrolment's before its first code, when it was turned on, the last time step accepted. */
  twoFactorSecret: text('two_factor_secret'),
  twoFactorPending: text('two_factor_pending'),
  twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
  twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How the session (the family) began: 'password' or 'oidc' (migration 0052); every rotation carries it. */
    signInMethod: text('sign_in_method').notNull().default('password'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

export const journal = pgTable(
  'journal',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    /** Migration 0021: the company that owned the entity when the entry was written (null: none). */
    companyId: integer('company_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_newest_idx').on(t.createdAt.desc(), t.id.desc())],
);
