import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Customer accounts (docs/product.md#accounts, #security): argon2id hashes, e-mail lower-cased. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * customer | operator. Only admin:create (or the first-start password) grants operator
     * (docs/product.md#operator).
     */
    role: text('role').$type<'customer' | 'operator'>().notNull().default('customer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first-start operator password was written to a file: the panel asks for a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * The operator's TOTP secret (base32), once confirmed with a code; the pending one while being set up.
     * Never sent back after setup. ADR 027.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: that code and older ones are refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;

/** Opaque session tokens, stored only as their SHA-256 (a leaked table opens no session). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens sent by e-mail: e-mail verification and password reset. */
export const emailTokens = pgTable('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A signup with an address that already has an account (or is one of the shop's own) gets a stand-in:
 * signed in, unverified, able to order and to see what it ordered, exactly like a new account, so the
 * answer never tells that the address is taken (docs/security.md). It owns nothing keyed by the e-mail.
 */
export const standIns = pgTable(
  'stand_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Orders placed while signed in as the stand-in: its dashboard lists these. */
    orderIds: jsonb('order_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stand_ins_email_idx').on(t.email, t.createdAt)],
);

export const standInSessions = pgTable(
  'stand_in_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    standInId: uuid('stand_in_id')
      .notNull()
      .references(() => standIns.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stand_in_sessions_stand_in_idx').on(t.standInId)],
);

export type StandInRow = typeof standIns.$inferSelect;

/** The operator's one-time recovery codes, stored as SHA-256 (80 random bits each); used once. ADR 027. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_recovery_codes_user_idx').on(t.userId)],
);

/**
 * An operator sign-in between its password step and its code step: an opaque token (only its SHA-256
 * here), whether the password was right (the answer never said), and the codes tried with it. ADR 027.
 */
export const adminPendingLogins = pgTable(
  'admin_pending_logins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordOk: boolean('password_ok').notNull(),
    /** The address's key of the password step, cleared with the account's when the code is right. */
    ipKey: text('ip_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_pending_logins_expires_idx').on(t.expiresAt)],
);
