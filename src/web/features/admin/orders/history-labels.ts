import {
  orderStatusLabels,
  paymentMethodLabels,
  paymentStatusLabels,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '#shared/orders.ts';
import { invoiceStateLabels } from '#shared/invoice-labels.ts';
import type { InvoiceState } from '#shared/invoice-states.ts';
import { refundStateLabels, type PaymentState, type RefundState } from '#shared/payment-states.ts';

// The history stores the shop's own words (order_audit: field, old and new value, ADR 056); the panel
// reads them in Portuguese. A field or value not listed here is shown as stored.

const chargeStateLabels: Record<PaymentState, string> = {
  creating: 'criando',
  unknown: 'sem resposta: verificando',
  awaiting_charge: 'aguardando a cobrança',
  pending: 'aguardando pagamento',
  in_analysis: 'em análise',
  paid: 'paga',
  refund_requested: 'reembolso pedido',
  refunded: 'reembolsada',
  chargeback: 'contestada',
  declined: 'recusada',
  reproved: 'reprovada na análise',
  failed: 'falhou',
  replaced: 'substituída',
  expired: 'expirada',
  cancelled: 'cancelada',
  removed: 'removida',
};

type Words = { field: string; value: (value: string) => string };

const lookUp =
  <K extends string>(labels: Record<K, string>) =>
  (value: string) =>
    (labels as Record<string, string | undefined>)[value] ?? value;

function wordsFor(field: string): Words {
  if (field === 'status') return { field: 'Status do pedido', value: lookUp<OrderStatus>(orderStatusLabels) };
  if (field === 'payment_status')
    return { field: 'Pagamento', value: lookUp<PaymentStatus>(paymentStatusLabels) };
  if (field === 'note') return { field: 'Observação', value: (value) => value };
  if (field === 'nota fiscal')
    return { field: 'Nota fiscal', value: lookUp<InvoiceState>(invoiceStateLabels) };
  if (field === 'reembolso') return { field: 'Reembolso', value: lookUp<RefundState>(refundStateLabels) };
  const charge = /^cobrança (\w+)$/.exec(field);
  if (charge) {
    const method = lookUp<PaymentMethod>(paymentMethodLabels)(charge[1]!);
    return { field: `Cobrança (${method})`, value: lookUp<PaymentState>(chargeStateLabels) };
  }
  return { field, value: (value) => value };
}

/** One history entry as the panel writes it: "Pagamento: Pendente → Pago". */
export function historyText(entry: {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}): string {
  const words = wordsFor(entry.field);
  const value = (v: string | null) => (v === null ? '—' : words.value(v));
  return `${words.field}: ${value(entry.oldValue)} → ${value(entry.newValue)}`;
}
