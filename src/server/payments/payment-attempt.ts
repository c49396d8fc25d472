import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../shared/messages';
import type { CardInput } from '../../shared/schemas/checkout';
import type { NextStep } from '../../shared/schemas/order-view';
import type { Db } from '../db/client';
import type { OrderRow, PaymentRow } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import { hotStatements } from '../orders/hot-statements.repo';
import { ordersRepo } from '../orders/orders.repo';
import { chargeCard } from './card-charge';
import { toCardDetails } from './card-details';
import type { ChargeRequest, PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { pixDeadline } from './pix-expiry';

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
}

const serviceNames: Record<string, string> = {
  followers: 'seguidores',
  likes: 'curtidas',
  views: 'visualizações',
};

function describeOrder(order: OrderRow): string {
  if (order.service === 'recurring')
    return `Impulso – plano ${order.planId} (mensal) – pedido ${order.purchaseCode}`;
  return `Impulso – ${order.quantity} ${serviceNames[order.service] ?? order.service} – pedido ${order.purchaseCode}`;
}

/** A placeholder provider id while the provider is being called. */
export const newAttemptId = () => `attempt_${randomUUID()}`;

export function chargeRequest(order: OrderRow, remoteIp: string): ChargeRequest {
  return {
    orderId: order.id,
    purchaseCode: order.purchaseCode,
    amountCents: order.totalCents,
    description: describeOrder(order),
    customer: {
      name: order.name,
      email: order.email,
      cpf: order.cpf,
      phone: order.whatsapp,
      ...(order.address ? { address: order.address } : {}),
    },
    remoteIp,
  };
}

/**
 * The attempt of a provider call for an order that is already stored, recorded before the call (status
 * CREATING, one at a time per order): a crash or timeout leaves a trace and a double click cannot charge
 * twice. A new order's attempt was recorded with the order itself (`recorded`).
 */
export async function recordAttempt(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  choice: PaymentChoice,
  recorded?: PaymentRow,
): Promise<PaymentRow> {
  const { db, provider, clock } = deps;
  let attempt: PaymentRow;
  try {
    attempt =
      recorded ??
      (await hotStatements(db).insertAttempt({
        orderId: order.id,
        provider: provider.name,
        providerPaymentId: newAttemptId(),
        method: choice.paymentMethod,
        status: 'CREATING',
        amountCents: order.totalCents,
      }));
  } catch (error) {
    if (isUniqueViolation(error, 'payments_one_attempt_idx')) {
      throw new AppError('conflict', 'payment_in_progress');
    }
    throw error;
  }
  // An order settled on WhatsApp keeps its channel until the payment itself says how it was paid.
  const changed = order.paymentMethod !== choice.paymentMethod || order.installments !== choice.installments;
  if (changed && order.paymentMethod !== 'whatsapp') {
    await ordersRepo.update(db, order.id, {
      paymentMethod: choice.paymentMethod,
      installments: choice.installments,
      updatedAt: clock(),
    });
  }
  return attempt;
}

/**
 * The provider call of a one-time order's recorded attempt: a PIX charge, the provider's hosted page, or
 * the card typed on our form. Card data lives only in this call's memory (DECISIONS 16).
 */
export async function chargeOneTime(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  choice: PaymentChoice,
  attempt: PaymentRow,
  remoteIp: string,
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, provider, clock } = deps;
  const request = chargeRequest(order, remoteIp);
  const fail = async (status: 'FAILED' | 'DECLINED') =>
    paymentsRepo.update(db, attempt.id, { status, updatedAt: clock() });

  if (choice.paymentMethod === 'pix') {
    try {
      const pix = await provider.createPixCharge(request);
      const payment = await hotStatements(db).storePix(attempt, {
        providerPaymentId: pix.providerPaymentId,
        status: pix.status,
        pixPayload: pix.payload,
        pixImageBase64: pix.imageBase64,
        expiresAt: pixDeadline(pix.expiresAt, clock(), deps.pixExpiryMinutes),
        updatedAt: clock(),
      });
      return { payment, next: 'pix' };
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'PIX charge failed');
      if (isDatabaseUnavailable(error)) {
        // The answer could not be stored: the attempt fails if it can (a retry of the request gets a new
        // code), and the buyer reads the 503 of a database that went away (issue 14 §2).
        await fail('FAILED').catch(() => undefined);
        throw error;
      }
      await fail('FAILED');
      throw new AppError('provider_unavailable', 'pix_failed', messages.pix_failed, { orderId: order.id });
    }
  }

  // Debit cards always, credit cards with CARD_CHECKOUT=hosted: the buyer pays on the provider's page.
  if (choice.paymentMethod === 'debit_card' || deps.cardCheckout === 'hosted') {
    try {
      const hosted = await provider.createHostedCharge({ ...request, method: choice.paymentMethod });
      const payment = await paymentsRepo.update(db, attempt.id, {
        providerPaymentId: hosted.providerPaymentId,
        status: hosted.status,
        checkoutUrl: hosted.checkoutUrl,
        updatedAt: clock(),
      });
      return { payment, next: 'redirect' };
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'hosted charge failed');
      await fail('FAILED');
      throw new AppError('provider_unavailable', 'card_processing_failed', messages.card_processing_failed, {
        orderId: order.id,
      });
    }
  }

  return chargeCard(deps, order, attempt, {
    ...request,
    installments: choice.installments,
    card: toCardDetails(choice.card!),
  });
}
