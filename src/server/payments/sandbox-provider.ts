import { randomUUID } from 'node:crypto';
import { buildStaticPix } from './br-code';
import type { CardChargeResult, PaymentProvider } from './payment-provider';

/** Documented decline cards (Asaas's sandbox test cards); any other accepted number approves. */
const declinedCards = new Set(['5184019740373151', '4916561358240741']);
/** A plan's first PIX: a day, as a provider's monthly charge would stay payable. */
const planPixLifetimeMs = 24 * 60 * 60 * 1000;

export interface SandboxOptions {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  clock: () => Date;
}

/**
 * The embedded default (docs/product.md#test-mode): no network. PIX charges are real, valid BR Codes for the
 * shop's key with a scannable QR image; confirmation comes from 'Simular pagamento' or the sandbox API.
 */
/** Like a real provider's plan for a card in instalments, so the same refund rule applies to both. */
const sandboxPlan = (installments: number) => (installments > 1 ? `sandbox_ins_${randomUUID()}` : null);

export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const newId = () => `sandbox_pay_${randomUUID()}`;
  // The charge's own id as the PIX's txid (25 letters and digits at most): nothing that proves the order.
  const pixFor = (providerPaymentId: string, amountCents: number) =>
    buildStaticPix({
      key: options.pixKey,
      merchantName: options.merchantName,
      merchantCity: options.merchantCity,
      amountCents,
      txid: providerPaymentId.replace(/[^A-Za-z0-9]/g, '').slice(-25),
    });
  return {
    name: 'sandbox',
    async createPixCharge(request) {
      const providerPaymentId = newId();
      return {
        providerPaymentId,
        state: 'pending',
        payload: pixFor(providerPaymentId, request.amountCents),
        // Drawn on demand by GET /api/payments/:id/qr.png, off the order-creation path.
        imageBase64: null,
        expiresAt: request.payableUntil,
      };
    },
    async createCardCharge(request): Promise<CardChargeResult> {
      if (declinedCards.has(request.card.number)) {
        return { outcome: 'declined', message: 'Transação não autorizada. Verifique os dados do cartão.' };
      }
      return {
        outcome: 'approved',
        providerPaymentId: newId(),
        state: 'paid',
        installmentPlanId: sandboxPlan(request.installments),
      };
    },
    async createHostedCharge(request) {
      const providerPaymentId = newId();
      return {
        providerPaymentId,
        state: 'pending',
        // Relative: the sandbox's hosted page is served by this app, on whatever host the buyer used.
        checkoutUrl: `/sandbox/checkout/${encodeURIComponent(providerPaymentId)}`,
        installmentPlanId: sandboxPlan(request.installments),
      };
    },
    async getState() {
      return null;
    },
    async createSubscription(request) {
      const providerSubscriptionId = `sandbox_sub_${randomUUID()}`;
      if (request.method === 'credit_card' && !request.card) {
        // A card plan taken without card data (CARD_CHECKOUT=hosted): the first month on the hosted page.
        const { providerPaymentId, state, checkoutUrl } = await this.createHostedCharge({
          ...request,
          method: 'credit_card',
          installments: 1,
        });
        return {
          providerSubscriptionId,
          firstCharge: { outcome: 'created', providerPaymentId, state, pix: null, checkoutUrl },
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
            state: charge.state,
            pix: null,
            checkoutUrl: null,
          },
        };
      }
      const { providerPaymentId, state, ...pix } = await this.createPixCharge({
        ...request,
        payableUntil: new Date(options.clock().getTime() + planPixLifetimeMs),
      });
      return {
        providerSubscriptionId,
        firstCharge: { outcome: 'created', providerPaymentId, state, pix, checkoutUrl: null },
      };
    },
    async cancelSubscription() {},
    // The sandbox never loses an answer: nothing to look up.
    async findCharges() {
      return [];
    },
    async findSubscriptions() {
      return [];
    },
    async findSubscriptionCharges() {
      return [];
    },
    async planMonthPix(providerPaymentId, amountCents) {
      // Payable for as long as the plan's follow-up keeps the month open (it ends it, not this date).
      const expiresAt = new Date(options.clock().getTime() + 45 * planPixLifetimeMs);
      return { payload: pixFor(providerPaymentId, amountCents), imageBase64: null, expiresAt };
    },
    // Nothing to remove: the sandbox's charges live only in our table.
    async cancelCharge() {},
    async refund() {
      return 'refunded';
    },
    async findRefunds() {
      return [];
    },
    // No webhooks: 'Simular pagamento' reports payments directly.
    readWebhook: () => null,
  };
}
