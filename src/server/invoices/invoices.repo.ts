import type { InvoiceReport, InvoiceState } from '../../shared/invoice-states';
import { isId } from '../../shared/schemas/ids';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { invoiceSettings, invoices, type InvoiceRow, type InvoiceSettingsRow } from '../db/schema';

/** How long one instance holds an invoice while it asks Asaas; after that the answer is taken as lost. */
export const invoiceLeaseMs = 5 * 60_000;

export const invoicesRepo = {
  async settings(db: Executor): Promise<InvoiceSettingsRow | undefined> {
    const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 'shop'));
    return row;
  },
  async saveSettings(db: Executor, changes: Partial<InvoiceSettingsRow>, now: Date): Promise<void> {
    await db
      .insert(invoiceSettings)
      .values({ ...changes, id: 'shop', updatedAt: now })
      .onConflictDoUpdate({ target: invoiceSettings.id, set: { ...changes, updatedAt: now } });
  },
  /** The invoice an order owes, recorded once: false when it was recorded already. */
  async recordOwed(db: Executor, orderId: string, valueCents: number, now: Date): Promise<boolean> {
    const rows = await db
      .insert(invoices)
      .values({ orderId, valueCents, status: 'pending', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: invoices.orderId })
      .returning({ id: invoices.id });
    return rows.length > 0;
  },
  async forOrder(db: Executor, orderId: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    return row;
  },
  async forOrders(db: Executor, orderIds: string[]): Promise<InvoiceRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(invoices).where(inArray(invoices.orderId, orderIds));
  },
  async byId(db: Executor, id: string): Promise<InvoiceRow | undefined> {
    // A reference that is not a uuid is not ours (the column would refuse to compare it).
    if (!isId(id)) return undefined;
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  },
  async byProviderId(db: Executor, providerInvoiceId: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, providerInvoiceId));
    return row;
  },
  /**
   * Takes the order's invoice to ask Asaas about it: one conditional UPDATE, so of two instances (or a
   * job run twice) only one asks. Owed, lost, or held past its lease (a crash mid-call): taken.
   */
  async claim(db: Executor, orderId: string, now: Date): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .update(invoices)
      .set({ status: 'creating', lockUntil: new Date(now.getTime() + invoiceLeaseMs), updatedAt: now })
      .where(
        and(
          eq(invoices.orderId, orderId),
          or(
            inArray(invoices.status, ['pending', 'unknown']),
            and(eq(invoices.status, 'creating'), or(isNull(invoices.lockUntil), lt(invoices.lockUntil, now))),
          ),
        ),
      )
      .returning();
    return row;
  },
  /**
   * What Asaas reported, written only over one of `from` (the states before it): false when none. The
   * move into AUTHORIZED, made once, keeps `now` as the moment it was issued.
   */
  async moveTo(db: Executor, id: string, report: InvoiceReport, from: InvoiceState[], now: Date) {
    const moved = await db
      .update(invoices)
      .set({
        status: report.status,
        providerInvoiceId: report.providerInvoiceId,
        number: report.number,
        pdfUrl: report.pdfUrl,
        xmlUrl: report.xmlUrl,
        statusDescription: report.statusDescription,
        lockUntil: null,
        updatedAt: now,
        ...(report.status === 'AUTHORIZED' ? { issuedAt: now } : {}),
      })
      .where(and(eq(invoices.id, id), inArray(invoices.status, from)))
      .returning({ id: invoices.id });
    return moved.length > 0;
  },
  /** An owed invoice never sent to Asaas whose sale was refunded: nothing to issue any more. */
  async dropOwed(db: Executor, id: string, now: Date): Promise<void> {
    await db
      .update(invoices)
      .set({ status: 'CANCELED', updatedAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')));
  },
  /** "Tentar de novo": an invoice in ERROR is owed again; false when it is not in ERROR. */
  async owedAgain(db: Executor, orderId: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(invoices)
      .set({ status: 'pending', updatedAt: now })
      .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'ERROR')))
      .returning({ id: invoices.id });
    return rows.length > 0;
  },
  async rememberProviderId(db: Executor, id: string, providerInvoiceId: string): Promise<void> {
    await db.update(invoices).set({ providerInvoiceId }).where(eq(invoices.id, id));
  },
  /**
   * Invoices waiting on the city hall (sent, or a cancellation asked) or on Asaas's own issuance (scheduled:
   * Asaas issues it on its date, ADR 048) untouched since `before`: what the sweep asks Asaas about when a
   * webhook never came, least recently looked at first.
   */
  async waitingOnCityHall(db: Executor, before: Date, limit: number) {
    return db
      .select({ id: invoices.id, providerInvoiceId: invoices.providerInvoiceId })
      .from(invoices)
      .where(
        and(
          inArray(invoices.status, ['SCHEDULED', 'SYNCHRONIZED', 'PROCESSING_CANCELLATION']),
          isNotNull(invoices.providerInvoiceId),
          lt(invoices.updatedAt, before),
        ),
      )
      .orderBy(asc(invoices.updatedAt))
      .limit(limit);
  },
  /** Looked at and unchanged: to the back of the sweep's line. */
  async lookedAt(db: Executor, id: string, now: Date): Promise<void> {
    await db.update(invoices).set({ updatedAt: now }).where(eq(invoices.id, id));
  },
  /**
   * The provider's answer was lost (or it failed) while this instance held the invoice: `unknown`, looked
   * up before anything is sent again. Only from `creating`, or SCHEDULED (made, not sent to the city hall
   * yet): a webhook may have told a later outcome meanwhile.
   */
  async markLost(db: Executor, id: string, now: Date): Promise<void> {
    await db
      .update(invoices)
      .set({ status: 'unknown', answerLostAt: now, lockUntil: null, updatedAt: now })
      .where(and(eq(invoices.id, id), inArray(invoices.status, ['creating', 'SCHEDULED'])));
  },
};
