import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import {
  couponEmailUses,
  couponRedemptions,
  coupons,
  deliveries,
  jobs,
  leads,
  orderAudit,
  orders,
  outboxEmails,
  payments,
  refunds,
  users,
} from '../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Whose data: an account (its orders, and its e-mail's once verified) or a guest buyer's e-mail. */
export interface Person {
  email: string;
  userId: string | null;
  /** The account's e-mail is verified: its guest orders are its own too (as on /dashboard). */
  verified: boolean;
}

function ordersOf(person: Person): SQL {
  const byEmail = eq(orders.email, person.email);
  if (!person.userId) return byEmail;
  const own = eq(orders.userId, person.userId);
  return person.verified ? or(own, byEmail)! : own;
}

const mentions = (column: SQL | AnyPgColumn, email: string) => sql`position(${email} in ${column}) > 0`;

/** Everything the store holds about the person (issue 13, LGPD art. 18), as one JSON document. */
export async function exportPersonalData(db: Db, person: Person) {
  const [user] = person.userId ? await db.select().from(users).where(eq(users.id, person.userId)) : [];
  const theirOrders = await db.select().from(orders).where(ordersOf(person)).orderBy(desc(orders.createdAt));
  const ids = theirOrders.map((o) => o.id);
  const none = ids.length === 0;
  const [theirPayments, theirDeliveries, theirRefunds, theirLeads, couponUses, emails] = await Promise.all([
    none ? [] : db.select().from(payments).where(inArray(payments.orderId, ids)),
    none ? [] : db.select().from(deliveries).where(inArray(deliveries.orderId, ids)),
    none ? [] : db.select().from(refunds).where(inArray(refunds.orderId, ids)),
    db.select().from(leads).where(eq(leads.email, person.email)),
    db
      .select({
        code: coupons.code,
        discountCents: couponRedemptions.discountCents,
        at: couponRedemptions.createdAt,
      })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(couponRedemptions.email, person.email)),
    db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, person.email))
      .orderBy(desc(outboxEmails.createdAt)),
  ]);
  return {
    profile: user
      ? {
          id: user.id,
          name: user.name,
          email: user.email,
          createdAt: user.createdAt,
          emailVerifiedAt: user.emailVerifiedAt,
        }
      : null,
    orders: theirOrders.map(({ idempotencyKey: _k, requestHash: _h, ...order }) => order),
    payments: theirPayments.map((p) => ({
      id: p.id,
      orderId: p.orderId,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      createdAt: p.createdAt,
    })),
    deliveries: theirDeliveries,
    refunds: theirRefunds,
    leads: theirLeads,
    couponUses,
    consents: {
      cookies: 'Guardado só no seu navegador (localStorage), não no nosso banco de dados.',
      marketing: 'Nenhum: não enviamos e-mails de marketing.',
    },
    emailsSent: emails.map((e) => ({ subject: e.subject, text: e.text, sentAt: e.createdAt })),
  };
}

const anonymous = () => `anonimo-${randomUUID().slice(0, 8)}@anonimizado.invalid`;

/** The personal fields of orders blanked; amounts, dates, statuses and the purchase code kept (tax law). */
async function anonymiseOrders(tx: Executor, ids: string[], email: string, now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({
      name: 'Titular anonimizado',
      email,
      whatsapp: '',
      cpf: '',
      instagram: 'anonimizado',
      postLink: null,
      addOnLinks: {},
      address: null,
      note: null,
      userId: null,
      anonymisedAt: now,
    })
    .where(inArray(orders.id, ids));
  await tx.update(deliveries).set({ link: '', lastError: null }).where(inArray(deliveries.orderId, ids));
  await tx
    .update(orderAudit)
    .set({ oldValue: null, newValue: null })
    .where(and(inArray(orderAudit.orderId, ids), eq(orderAudit.field, 'note')));
}

/**
 * Erases the person (issue 13, LGPD art. 18 VI): the account and its sessions go; orders keep what tax law
 * requires and lose everything that identifies the buyer; leads and e-mail copies are deleted; coupon uses
 * keep counting under an anonymous address. Revenue figures do not change.
 */
export async function erasePersonalData(db: Db, person: Person, now: Date): Promise<{ orders: number }> {
  return db.transaction(async (tx) => {
    const ids = (await tx.select({ id: orders.id }).from(orders).where(ordersOf(person))).map((o) => o.id);
    const alias = anonymous();
    await anonymiseOrders(tx, ids, alias, now);
    await tx.update(couponRedemptions).set({ email: alias }).where(eq(couponRedemptions.email, person.email));
    await tx.update(couponEmailUses).set({ email: alias }).where(eq(couponEmailUses.email, person.email));
    await tx.delete(leads).where(eq(leads.email, person.email));
    await tx
      .delete(outboxEmails)
      .where(
        or(
          eq(outboxEmails.to, person.email),
          mentions(outboxEmails.text, person.email),
          mentions(outboxEmails.html, person.email),
        ),
      );
    await tx.delete(jobs).where(mentions(sql`${jobs.payload}::text`, person.email));
    // Sessions and e-mail tokens go with the account (on delete cascade).
    if (person.userId) await tx.delete(users).where(eq(users.id, person.userId));
    return { orders: ids.length };
  });
}

/**
 * The retention pass (RETENTION_MONTHS): guest orders placed before `cutoff` are anonymised, a batch at a
 * time, and e-mail copies older than it deleted. Accounts keep their orders until they are deleted.
 */
export async function anonymiseExpired(db: Db, cutoff: Date, now: Date, batch = 200): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(lt(orders.createdAt, cutoff), isNull(orders.anonymisedAt), isNull(orders.userId)))
    .orderBy(orders.createdAt)
    .limit(batch);
  await db.transaction(async (tx) => {
    for (const { id } of due) await anonymiseOrders(tx, [id], anonymous(), now);
    await tx.delete(outboxEmails).where(lt(outboxEmails.createdAt, cutoff));
  });
  return due.length;
}
