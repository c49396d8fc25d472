import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  couponRedemptions,
  coupons,
  deliveries,
  leads,
  orders,
  outboxEmails,
  payments,
  refunds,
  standIns,
  users,
} from '../db/schema';
import { formatPurchaseCode } from '../../shared/orders';
import { withoutSecrets } from '../../shared/url-secrets';
import { ordersOf, ownsEmail, type Person } from './personal-data.repo';

/** Everything the store holds about the person (issue 13, LGPD art. 18), as one JSON document. */
export async function exportPersonalData(db: Db, person: Person) {
  const owned = ownsEmail(person);
  const theirOrders = await db.select().from(orders).where(ordersOf(person)).orderBy(desc(orders.createdAt));
  const ids = theirOrders.map((o) => o.id);
  const none = ids.length === 0;
  const [theirPayments, theirDeliveries, theirRefunds, theirLeads, couponUses, emails] = await Promise.all([
    none ? [] : db.select().from(payments).where(inArray(payments.orderId, ids)),
    none ? [] : db.select().from(deliveries).where(inArray(deliveries.orderId, ids)),
    none ? [] : db.select().from(refunds).where(inArray(refunds.orderId, ids)),
    owned ? db.select().from(leads).where(eq(leads.email, person.email)) : [],
    owned
      ? db
          .select({
            code: coupons.code,
            discountCents: couponRedemptions.discountCents,
            at: couponRedemptions.createdAt,
          })
          .from(couponRedemptions)
          .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
          .where(eq(couponRedemptions.email, person.email))
      : [],
    owned
      ? db
          .select()
          .from(outboxEmails)
          .where(eq(outboxEmails.to, person.email))
          .orderBy(desc(outboxEmails.createdAt))
      : [],
  ]);
  return {
    profile: await profileOf(db, person),
    orders: theirOrders.map(buyerOrder),
    payments: theirPayments.map((p) => ({
      orderId: p.orderId,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      createdAt: p.createdAt,
    })),
    deliveries: theirDeliveries.map((d) => ({
      orderId: d.orderId,
      product: d.product,
      link: d.link,
      quantity: d.quantity,
      state: d.state,
      createdAt: d.createdAt,
      completedAt: d.completedAt,
    })),
    refunds: theirRefunds.map((r) => ({
      orderId: r.orderId,
      amountCents: r.amountCents,
      status: r.status,
      createdAt: r.createdAt,
      confirmedAt: r.confirmedAt,
    })),
    leads: theirLeads.map((l) => ({
      instagram: l.instagram,
      product: l.product,
      amount: l.amount,
      postLink: l.postLink,
      createdAt: l.createdAt,
    })),
    couponUses,
    consents: {
      cookies: 'Guardado só no seu navegador (localStorage), não no nosso banco de dados.',
      marketing: 'Nenhum: não enviamos e-mails de marketing.',
    },
    // A copy never carries a working link: tokens are scrubbed when copied and again here.
    emailsSent: emails.map((e) => ({
      subject: e.subject,
      text: withoutSecrets(e.text),
      sentAt: e.createdAt,
    })),
  };
}

async function profileOf(db: Db, person: Person) {
  if (person.kind === 'mailbox') return null;
  if (person.kind === 'standIn') {
    const [row] = await db.select().from(standIns).where(eq(standIns.id, person.standInId));
    return row
      ? { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt, emailVerifiedAt: null }
      : null;
  }
  const [user] = await db.select().from(users).where(eq(users.id, person.userId));
  return user
    ? {
        id: user.id,
        name: user.name,
        email: user.email,
        createdAt: user.createdAt,
        emailVerifiedAt: user.emailVerifiedAt,
      }
    : null;
}

/** What the buyer saw and typed: no supplier cost or ids, no internal locks, keys or operator notes. */
function buyerOrder(o: typeof orders.$inferSelect) {
  return {
    id: o.id,
    purchaseCode: formatPurchaseCode(o.purchaseCode),
    service: o.service,
    planId: o.planId,
    quantity: o.quantity,
    instagram: o.instagram,
    postLink: o.postLink,
    addOns: o.addOns,
    addOnLinks: o.addOnLinks,
    packageCents: o.packageCents,
    addOnsCents: o.addOnsCents,
    couponCode: o.couponCode,
    couponDiscountCents: o.couponDiscountCents,
    pixDiscountCents: o.pixDiscountCents,
    totalCents: o.totalCents,
    name: o.name,
    email: o.email,
    whatsapp: o.whatsapp,
    /** When the buyer agreed to WhatsApp messages about the order (docs/whatsapp.md); null: never. */
    whatsappConsentAt: o.whatsappConsentAt,
    cpf: o.cpf,
    companyCnpj: o.companyCnpj,
    companyName: o.companyName,
    address: o.address,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    installments: o.installments,
    cancelReason: o.cancelReason,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    anonymisedAt: o.anonymisedAt,
  };
}
