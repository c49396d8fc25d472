import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import {
  couponEmailUses,
  couponRedemptions,
  deliveries,
  jobs,
  leads,
  orderAudit,
  orders,
  outboxEmails,
  refunds,
  standIns,
  users,
} from '../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Whose data. Only a proved mailbox (a verified account, or a link sent to the address) owns what is keyed
 * by the e-mail: guest orders, leads, coupon uses, copies of e-mails. An unverified account or a stand-in
 * owns only what it made itself: anyone can sign up with a buyer's address (docs/security.md).
 */
export type Person =
  | { kind: 'mailbox'; email: string }
  | { kind: 'account'; email: string; userId: string; verified: boolean }
  | { kind: 'standIn'; email: string; standInId: string; orderIds: string[] };

export const ownsEmail = (person: Person) =>
  person.kind === 'mailbox' || (person.kind === 'account' && person.verified);

export function ordersOf(person: Person): SQL {
  const byEmail = eq(orders.email, person.email);
  if (person.kind === 'mailbox') return byEmail;
  if (person.kind === 'standIn')
    return person.orderIds.length ? inArray(orders.id, person.orderIds) : sql`false`;
  const own = eq(orders.userId, person.userId);
  return person.verified ? or(own, byEmail)! : own;
}

const mentions = (column: SQL | AnyPgColumn, email: string) => sql`position(${email} in ${column}) > 0`;

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
      whatsappConsentAt: null,
      cpf: '',
      companyCnpj: null,
      companyName: null,
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
  // The operator's free text (notes, refund reasons, links changed) can name the buyer: blanked too.
  await tx
    .update(orderAudit)
    .set({ oldValue: null, newValue: null })
    .where(and(inArray(orderAudit.orderId, ids), notInArray(orderAudit.field, statusFields)));
  await tx.update(refunds).set({ reason: '', lastError: null }).where(inArray(refunds.orderId, ids));
}

/** History fields whose values are the shop's own status words (charges: drizzle/0036), kept after an erasure. */
const statusFields = [
  'status',
  'payment_status',
  'cobrança pix',
  'cobrança credit_card',
  'cobrança debit_card',
];

/**
 * Erases the person (issue 13, LGPD art. 18 VI): the account and its sessions go; orders keep what tax law
 * requires and lose everything that identifies the buyer; leads and e-mail copies are deleted; coupon uses
 * keep counting under an anonymous address. Revenue figures do not change.
 */
export async function erasePersonalData(db: Db, person: Person, now: Date): Promise<{ orders: number }> {
  return db.transaction(async (tx) => {
    const ids = (await tx.select({ id: orders.id }).from(orders).where(ordersOf(person))).map((o) => o.id);
    await anonymiseOrders(tx, ids, anonymous(), now);
    if (ownsEmail(person)) await eraseKeyedByEmail(tx, person.email);
    // Sessions and e-mail tokens go with the account (on delete cascade).
    if (person.kind === 'account') await tx.delete(users).where(eq(users.id, person.userId));
    if (person.kind === 'standIn') await tx.delete(standIns).where(eq(standIns.id, person.standInId));
    return { orders: ids.length };
  });
}

/** Leads, stand-ins, e-mail copies and pending e-mails go; coupon uses keep counting under an anonymous address. */
async function eraseKeyedByEmail(tx: Executor, email: string) {
  const alias = anonymous();
  await tx.update(couponRedemptions).set({ email: alias }).where(eq(couponRedemptions.email, email));
  await tx.update(couponEmailUses).set({ email: alias }).where(eq(couponEmailUses.email, email));
  await tx.delete(leads).where(eq(leads.email, email));
  // Stand-ins made by others with this address (docs/security.md) hold it too.
  await tx.delete(standIns).where(eq(standIns.email, email));
  await tx
    .delete(outboxEmails)
    .where(
      or(eq(outboxEmails.to, email), mentions(outboxEmails.text, email), mentions(outboxEmails.html, email)),
    );
  await tx.delete(jobs).where(mentions(sql`${jobs.payload}::text`, email));
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
