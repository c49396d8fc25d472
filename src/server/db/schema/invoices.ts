import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceIssueOn, InvoiceState } from '#shared/invoice-states.ts';
import { orders } from './orders';

/**
 * The shop's NFS-e settings (one row, id 'shop'): off until the owner turns them on. Rates are in
 * hundredths of a percent (200 = 2 %). The city's credentials are never here: they go to Asaas once.
 */
export const invoiceSettings = pgTable('invoice_settings', {
  id: text('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  issueOn: text('issue_on').$type<InvoiceIssueOn>().notNull().default('payment'),
  municipalServiceId: text('municipal_service_id'),
  municipalServiceCode: text('municipal_service_code'),
  municipalServiceName: text('municipal_service_name').notNull().default(''),
  descriptionTemplate: text('description_template').notNull().default('{servico} (pedido {pedido})'),
  retainIss: boolean('retain_iss').notNull().default(false),
  issBasisPoints: integer('iss_basis_points').notNull().default(0),
  pisBasisPoints: integer('pis_basis_points').notNull().default(0),
  cofinsBasisPoints: integer('cofins_basis_points').notNull().default(0),
  csllBasisPoints: integer('csll_basis_points').notNull().default(0),
  inssBasisPoints: integer('inss_basis_points').notNull().default(0),
  irBasisPoints: integer('ir_basis_points').notNull().default(0),
  cancelOnRefund: boolean('cancel_on_refund').notNull().default(true),
  /**
   * The IBS/CBS classification sent in every invoice's `taxes` (tax reform, from 01/01/2026; required of
   * companies outside Simples Nacional/MEI, docs/nfse.md), picked from Asaas's look-ups; null until then.
   */
  nbsCode: text('nbs_code'),
  taxSituationCode: text('tax_situation_code'),
  taxClassificationCode: text('tax_classification_code'),
  operationIndicatorCode: text('operation_indicator_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

/**
 * One NFS-e per paid order (the unique order_id is the "exactly once"): recorded before Asaas is asked,
 * sent with this row's id as `externalReference`, so a lost answer is found again (ADR 033).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    status: text('status').$type<InvoiceState>().notNull(),
    providerInvoiceId: text('provider_invoice_id').unique(),
    valueCents: integer('value_cents').notNull(),
    number: text('number'),
    pdfUrl: text('pdf_url'),
    xmlUrl: text('xml_url'),
    /** Asaas's words when the city hall refused the invoice or its cancellation. */
    statusDescription: text('status_description'),
    /** Held while Asaas is asked; a lease older than this is a lost answer (ADR 024). */
    lockUntil: timestamp('lock_until', { withTimezone: true }),
    answerLostAt: timestamp('answer_lost_at', { withTimezone: true }),
    /**
     * When the shop learned the city hall authorised it (Asaas's answer, its webhook or the sweep): Asaas's
     * invoice carries no such moment, and `created_at` is the invoice's date, not its issue.
     */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_status_idx').on(t.status, t.createdAt)],
);

export type InvoiceRow = typeof invoices.$inferSelect;
