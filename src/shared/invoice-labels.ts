import type { InvoiceState } from './invoice-states';

// The panel's words for where an invoice stands ("Notas fiscais", docs/nfse.md).

export const invoiceStateLabels: Record<InvoiceState, string> = {
  pending: 'A emitir',
  creating: 'Enviando ao Asaas',
  unknown: 'Conferindo no Asaas',
  PENDING: 'Aguardando o pagamento',
  WAITING_OVERDUE_PAYMENT: 'Aguardando o pagamento',
  NONE: 'Sem emissão prevista',
  CANCELLED: 'Cancelada',
  SCHEDULED: 'Agendada',
  SYNCHRONIZED: 'Na prefeitura',
  AUTHORIZED: 'Emitida',
  PROCESSING_CANCELLATION: 'Cancelando',
  CANCELED: 'Cancelada',
  CANCELLATION_DENIED: 'Cancelamento negado',
  ERROR: 'Com erro',
};

export const invoiceStates = Object.keys(invoiceStateLabels) as InvoiceState[];

/** The states the owner can send again with "Tentar de novo". */
export const retryableInvoiceStates: readonly InvoiceState[] = ['ERROR', 'CANCELLATION_DENIED'];
