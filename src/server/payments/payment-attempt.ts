import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../shared/messages';
import { undecidedStates } from '../../shared/payment-states';
import type { CardInput } from '../../shared/schemas/checkout';
import type { Db } from '../db/client';
import type { OrderRow, PaymentRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import { newAttemptId } from './attempt-ids';
import { ordersRepo } from '../orders/orders.repo';
import type { ChargeRequest, PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';

export interface PaymentChoice {
  paymentMethod: 'pix' | 'credit_card' | 'debit_card';
  installments: number;
  card?: CardInput | undefined;
}

export interface PaymentAttemptDeps {
  db: Db;
  provider: PaymentProvider;
  cardCheckout: 'transparent' | 'hosted';
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The shop's PIX deadline (PIX_EXPIRY_MINUTES): providers keep due-dated PIX payable for months. */
  pixExpiryMinutes: number;
  /** SHOP_NAME: the buyer reads it on the provider's invoice and statement. */
  shopName: string;
}

const serviceNames: Record<string, string> = {
  followers: 'seguidores',
  likes: 'curtidas',
  views: 'visualizações',
};

function describeOrder(order: OrderRow, shopName: string): string {
  if (order.service === 'recurring')
    return `${shopName} – plano ${order.planId} (mensal) – pedido ${order.purchaseCode}`;
  return `${shopName} – ${order.quantity} ${serviceNames[order.service] ?? order.service} – pedido ${order.purchaseCode}`;
}

export function chargeRequest(order: OrderRow, remoteIp: string, shopName: string): ChargeRequest {
  return {
    orderId: order.id,
    purchaseCode: order.purchaseCode,
    amountCents: order.totalCents,
    description: describeOrder(order, shopName),
    customer: {
      name: order.name,
      email: order.email,
      cpf: order.cpf,
      ...(order.companyCnpj && order.companyName
        ? { company: { cnpj: order.companyCnpj, name: order.companyName } }
        : {}),
      phone: order.whatsapp,
      ...(order.address ? { address: order.address } : {}),
    },
    remoteIp,
  };
}

/**
 * The attempt of a provider call for an order that is already stored, recorded before the call (status
 * `creating`, one at a time per order) with the order row locked: the order is read again there, so an
 * attempt is never made for an order paid meanwhile or while another attempt is still undecided. A new
 * order's attempt was recorded with the order itself (`recorded`).
 */
export async function recordAttempt(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  choice: PaymentChoice,
  recorded?: PaymentRow,
): Promise<PaymentRow> {
  if (recorded) return recorded;
  const { db, provider, clock } = deps;
  try {
    return await db.transaction(async (tx) => {
      const current = await ordersRepo.findById(tx, order.id, { forUpdate: true });
      if (!current) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
      if (current.paymentStatus === 'paid')
        throw new AppError('conflict', 'order_already_paid', messages.order_already_paid);
      const latest = await paymentsRepo.latestForOrder(tx, order.id);
      if (latest && undecidedStates.has(latest.status)) throw new AppError('conflict', 'order_payment_busy');
      const attempt = await paymentsRepo.insert(tx, {
        orderId: order.id,
        provider: provider.name,
        providerPaymentId: newAttemptId(),
        method: choice.paymentMethod,
        status: 'creating',
        amountCents: order.totalCents,
        createdAt: clock(),
        updatedAt: clock(),
      });
      // An order settled on WhatsApp keeps its channel until the payment itself says how it was paid; its
      // instalments are the card link's (ADR 031).
      const channel = current.paymentMethod === 'whatsapp' ? 'whatsapp' : choice.paymentMethod;
      if (current.paymentMethod !== channel || current.installments !== choice.installments)
        await ordersRepo.update(tx, order.id, {
          paymentMethod: channel,
          installments: choice.installments,
          updatedAt: clock(),
        });
      return attempt;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payments_one_attempt_idx'))
      throw new AppError('conflict', 'order_payment_busy');
    throw error;
  }
}
