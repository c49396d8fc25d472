import { saoPauloDay } from '../../../shared/dates';
import {
  type CardChargeResult,
  type CardDetails,
  type ChargeCustomer,
  type ChargeRequest,
  type PaymentProvider,
  ProviderError,
} from '../payment-provider';
import { AsaasRequestError, type AsaasRequest } from './asaas-client';

interface AsaasList<T> {
  data: T[];
}
interface AsaasCustomer {
  id: string;
}
interface AsaasPayment {
  id: string;
  status: string;
  invoiceUrl?: string;
}
interface AsaasPixQrCode {
  encodedImage: string;
  payload: string;
  expirationDate: string;
}

const reais = (cents: number) => Math.round(cents) / 100;

/** Asaas dates are São Paulo wall time ('yyyy-MM-dd HH:mm:ss'); Brazil has had no DST since 2019. */
export function parseAsaasDate(value: string): Date {
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  return new Date(
    /[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso.length === 10 ? `${iso}T23:59:59` : iso}-03:00`,
  );
}

/** Asaas's card objects (reference §1.5): the card, its holder (must match the bank's records), the IP. */
function cardFields(charge: ChargeRequest, card: CardDetails) {
  const address = charge.customer.address;
  return {
    creditCard: {
      holderName: card.holderName,
      number: card.number,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      ccv: card.cvv,
    },
    creditCardHolderInfo: {
      name: charge.customer.name,
      email: charge.customer.email,
      cpfCnpj: charge.customer.cpf,
      postalCode: address?.cep,
      addressNumber: address?.number,
      phone: charge.customer.phone,
      mobilePhone: charge.customer.phone,
    },
    remoteIp: charge.remoteIp,
  };
}

export interface AsaasProviderOptions {
  request: AsaasRequest;
  publicUrl: string;
  clock: () => Date;
}

/** DECISIONS 14: PIX, credit card in 1–12 instalments, debit through the hosted invoice page. */
export function createAsaasProvider(options: AsaasProviderOptions): PaymentProvider {
  const { request, clock } = options;

  /** Customers are looked up by CPF before creating one: Asaas allows duplicates (reference §1.3). */
  async function ensureCustomer(customer: ChargeCustomer): Promise<string> {
    const found = (await request(
      'GET',
      `/customers?cpfCnpj=${customer.cpf}&limit=1`,
    )) as AsaasList<AsaasCustomer>;
    if (found.data[0]) return found.data[0].id;
    const created = (await request('POST', '/customers', {
      name: customer.name,
      cpfCnpj: customer.cpf,
      email: customer.email,
      mobilePhone: customer.phone,
      ...(customer.address
        ? {
            postalCode: customer.address.cep,
            address: customer.address.street,
            addressNumber: customer.address.number,
            province: customer.address.neighborhood,
          }
        : {}),
    })) as AsaasCustomer;
    return created.id;
  }

  const base = async (charge: ChargeRequest) => ({
    customer: await ensureCustomer(charge.customer),
    value: reais(charge.amountCents),
    dueDate: saoPauloDay(clock()),
    description: charge.description.slice(0, 500),
    externalReference: charge.orderId,
  });

  return {
    name: 'asaas',

    async createPixCharge(charge) {
      const payment = (await request('POST', '/payments', {
        ...(await base(charge)),
        billingType: 'PIX',
      })) as AsaasPayment;
      const qr = (await request('GET', `/payments/${payment.id}/pixQrCode`)) as AsaasPixQrCode;
      return {
        providerPaymentId: payment.id,
        status: payment.status,
        payload: qr.payload,
        imageBase64: qr.encodedImage,
        expiresAt: parseAsaasDate(qr.expirationDate),
      };
    },

    async createCardCharge(charge): Promise<CardChargeResult> {
      const { card, installments } = charge;
      const body = {
        ...(await base(charge)),
        billingType: 'CREDIT_CARD',
        ...(installments > 1
          ? { installmentCount: installments, totalValue: reais(charge.amountCents) }
          : {}),
        ...cardFields(charge, card),
      };
      if (installments > 1) delete (body as { value?: number }).value;
      try {
        // ≥ 60 s: a timeout does not mean the charge failed, and it is never retried blindly (§1.5, §1.13).
        const payment = (await request('POST', '/payments', body, { timeoutMs: 60_000 })) as AsaasPayment;
        return { outcome: 'approved', providerPaymentId: payment.id, status: payment.status };
      } catch (error) {
        // HTTP 400 = declined, and Asaas did not keep the charge.
        if (error instanceof AsaasRequestError && error.status === 400) {
          return { outcome: 'declined', message: error.errors[0]?.description ?? null };
        }
        throw error;
      }
    },

    async createHostedCharge(charge) {
      const payment = (await request('POST', '/payments', {
        ...(await base(charge)),
        // UNDEFINED lets the invoice page offer debit card (the API cannot take debit cards, §1.5).
        billingType: charge.method === 'debit_card' ? 'UNDEFINED' : 'CREDIT_CARD',
        callback: {
          successUrl: `${options.publicUrl}/obrigado?pedido_id=${charge.orderId}`,
          autoRedirect: true,
        },
      })) as AsaasPayment;
      if (!payment.invoiceUrl) throw new ProviderError('Asaas returned no invoiceUrl');
      return { providerPaymentId: payment.id, status: payment.status, checkoutUrl: payment.invoiceUrl };
    },

    async createSubscription(subscription) {
      const card = subscription.card;
      const { customer, value, dueDate, description, externalReference } = await base(subscription);
      let created: { id: string };
      try {
        created = (await request(
          'POST',
          '/subscriptions',
          {
            customer,
            billingType: subscription.method === 'pix' ? 'PIX' : 'CREDIT_CARD',
            value,
            // Today: the first month is charged now (reference §1.10).
            nextDueDate: dueDate,
            cycle: 'MONTHLY',
            description,
            externalReference,
            ...(card ? cardFields(subscription, card) : {}),
          },
          { timeoutMs: 60_000 },
        )) as { id: string };
      } catch (error) {
        if (card && error instanceof AsaasRequestError && error.status === 400) {
          return {
            providerSubscriptionId: null,
            firstCharge: { outcome: 'declined', message: error.errors[0]?.description ?? null },
          };
        }
        throw error;
      }
      const charges = (await request(
        'GET',
        `/subscriptions/${created.id}/payments`,
      )) as AsaasList<AsaasPayment>;
      const first = charges.data[0];
      if (!first) return { providerSubscriptionId: created.id, firstCharge: null };
      let pix = null;
      if (subscription.method === 'pix') {
        const qr = (await request('GET', `/payments/${first.id}/pixQrCode`)) as AsaasPixQrCode;
        pix = {
          payload: qr.payload,
          imageBase64: qr.encodedImage,
          expiresAt: parseAsaasDate(qr.expirationDate),
        };
      }
      return {
        providerSubscriptionId: created.id,
        firstCharge: { outcome: 'created', providerPaymentId: first.id, status: first.status, pix },
      };
    },

    async refund(providerPaymentId, amountCents) {
      const refunded = (await request(
        'POST',
        `/payments/${encodeURIComponent(providerPaymentId)}/refund`,
        amountCents === undefined ? {} : { value: reais(amountCents) },
      )) as AsaasPayment;
      return { status: refunded.status };
    },

    async cancelSubscription(providerSubscriptionId) {
      await request('DELETE', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`);
    },

    async getStatus(providerPaymentId) {
      const answer = (await request('GET', `/payments/${encodeURIComponent(providerPaymentId)}/status`)) as {
        status: string;
      };
      return answer.status;
    },
  };
}
