import { randomUUID } from 'node:crypto';
import { buildStaticPix } from './br-code';
import type { CardChargeResult, PaymentProvider } from './payment-provider';

/** Documented decline cards (reference/payments.md §1.5); any other accepted number approves. */
const declinedCards = new Set(['5184019740373151', '4916561358240741']);
const pixLifetimeMs = 24 * 60 * 60 * 1000;

export interface SandboxOptions {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  clock: () => Date;
}

/**
 * The embedded default (DECISIONS 14): no network. PIX charges are real, valid BR Codes for the shop's
 * key with a scannable QR image; confirmation comes from 'Simular pagamento' or the sandbox API.
 */
export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const newId = () => `sandbox_pay_${randomUUID()}`;
  return {
    name: 'sandbox',
    async createPixCharge(request) {
      const payload = buildStaticPix({
        key: options.pixKey,
        merchantName: options.merchantName,
        merchantCity: options.merchantCity,
        amountCents: request.amountCents,
        txid: request.purchaseCode,
      });
      return {
        providerPaymentId: newId(),
        status: 'PENDING',
        payload,
        // Drawn on demand by GET /api/payments/:id/qr.png, off the order-creation path.
        imageBase64: null,
        expiresAt: new Date(options.clock().getTime() + pixLifetimeMs),
      };
    },
    async createCardCharge(request): Promise<CardChargeResult> {
      if (declinedCards.has(request.card.number)) {
        return { outcome: 'declined', message: 'Transação não autorizada. Verifique os dados do cartão.' };
      }
      return {
        outcome: 'approved',
        providerPaymentId: newId(),
        status: 'CONFIRMED',
        // Like a real provider's plan, so the same refund rule applies to both (issue 12).
        installmentPlanId: request.installments > 1 ? `sandbox_ins_${randomUUID()}` : null,
      };
    },
    async createHostedCharge() {
      const providerPaymentId = newId();
      return {
        providerPaymentId,
        status: 'PENDING',
        // Relative: the sandbox's hosted page is served by this app, on whatever host the buyer used.
        checkoutUrl: `/sandbox/checkout/${encodeURIComponent(providerPaymentId)}`,
      };
    },
    async getStatus() {
      return null;
    },
    async createSubscription(request) {
      const providerSubscriptionId = `sandbox_sub_${randomUUID()}`;
      if (request.method === 'credit_card' && !request.card) {
        // A card plan taken without card data (CARD_CHECKOUT=hosted): the first month on the hosted page.
        const { providerPaymentId, status, checkoutUrl } = await this.createHostedCharge({
          ...request,
          method: 'credit_card',
        });
        return {
          providerSubscriptionId,
          firstCharge: { outcome: 'created', providerPaymentId, status, pix: null, checkoutUrl },
        };
      }
      if (request.method === 'credit_card') {
        const charge = await this.createCardCharge({ ...request, card: request.card!, installments: 1 });
        if (charge.outcome === 'declined') return { providerSubscriptionId: null, firstCharge: charge };
        return {
          providerSubscriptionId,
          firstCharge: {
            outcome: 'created',
            providerPaymentId: charge.providerPaymentId,
            status: charge.status,
            pix: null,
            checkoutUrl: null,
          },
        };
      }
      const { providerPaymentId, status, ...pix } = await this.createPixCharge(request);
      return {
        providerSubscriptionId,
        firstCharge: { outcome: 'created', providerPaymentId, status, pix, checkoutUrl: null },
      };
    },
    async cancelSubscription() {},
    async findCharges() {
      return [];
    },
    // Nothing to remove: the sandbox's charges live only in our table.
    async cancelCharge() {},
    async refund() {
      return { status: 'REFUNDED' };
    },
  };
}
