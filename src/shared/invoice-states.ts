// Where a shop's NFS-e stands (docs/decisions/033-nfse-through-asaas.md). `pending`: the sale is paid and
// its invoice is owed; `creating`: the provider is being asked now; `unknown`: that answer was lost and the
// provider is looked up before anything is sent again. The others are Asaas's own invoice statuses.

// Every status Asaas's document lists for an invoice (InvoiceGetResponseInvoiceStatus, and
// SubscriptionGetInvoicesRequestInvoiceStatus for those a plan's invoice settings make before its month is
// paid: PENDING, WAITING_OVERDUE_PAYMENT, NONE, CANCELLED; tests/contracts/asaas/asaas-openapi.json).
export const providerInvoiceStatuses = [
  'PENDING',
  'WAITING_OVERDUE_PAYMENT',
  'NONE',
  'CANCELLED',
  'SCHEDULED',
  'SYNCHRONIZED',
  'AUTHORIZED',
  'PROCESSING_CANCELLATION',
  'CANCELED',
  'CANCELLATION_DENIED',
  'ERROR',
] as const;
export type ProviderInvoiceStatus = (typeof providerInvoiceStatuses)[number];
export type InvoiceState = 'pending' | 'creating' | 'unknown' | ProviderInvoiceStatus;

/** When the shop issues an invoice: on the confirmed payment, on the delivery done, or when asked. */
export type InvoiceIssueOn = 'payment' | 'delivery' | 'request';

/** What Asaas reported of an invoice (an answer or a webhook), in the shop's words. */
export interface InvoiceReport {
  providerInvoiceId: string;
  status: ProviderInvoiceStatus;
  /** Ours: the invoice row's id, sent as `externalReference`. */
  reference: string | null;
  /** Asaas's id of the charge it invoices (a plan's month is found by it). */
  payment: string | null;
  number: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  statusDescription: string | null;
}

/**
 * How far along each state is: a report never moves an invoice back (a late SYNCHRONIZED after
 * AUTHORIZED), but ERROR may be sent again, and a refused cancellation may be tried again.
 */
export const invoiceStateRank: Record<InvoiceState, number> = {
  pending: 0,
  creating: 0,
  unknown: 0,
  // Made from a plan's settings and waiting for the month's payment: before SCHEDULED.
  PENDING: 0.5,
  WAITING_OVERDUE_PAYMENT: 0.5,
  NONE: 0.5,
  SCHEDULED: 1,
  SYNCHRONIZED: 2,
  ERROR: 2,
  AUTHORIZED: 3,
  PROCESSING_CANCELLATION: 4,
  CANCELLATION_DENIED: 4,
  CANCELED: 5,
  CANCELLED: 5,
};

/** Made from a plan's settings but not yet to be issued (its month unpaid). */
export const notYetScheduled: ReadonlySet<string> = new Set<ProviderInvoiceStatus>([
  'PENDING',
  'WAITING_OVERDUE_PAYMENT',
  'NONE',
]);
