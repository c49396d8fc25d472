import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '#shared/orders.ts';
import { orders } from './orders';

/**
 * Orders per São Paulo day × status × payment status × method, for days up to `rollupState.rolledUntil`:
 * the panel sums these and reads only later days' orders raw. A trigger keeps rolled days exact when an
 * order of such a day is inserted, changed or deleted (drizzle/0008_orders_daily.sql,
 * docs/admin-queries.md).
 */
export const ordersDaily = pgTable(
  'orders_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    orders: integer('orders').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.paymentStatus, t.paymentMethod] })],
);

/** How far each rollup has gone: the last São Paulo day it holds (null: none yet). */
export const rollupState = pgTable('rollup_state', {
  name: text('name').primaryKey(),
  rolledUntil: date('rolled_until', { mode: 'string' }),
});

/**
 * Failed sign-ins per key (an account or an IP): the operator's sign-in lock (docs/product.md#operator), kept
 * on the server.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what on an order, and when (the operator panel's audit trail). */
export const orderAudit = pgTable(
  'order_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    actor: text('actor').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_audit_order_idx').on(t.orderId, t.createdAt)],
);
