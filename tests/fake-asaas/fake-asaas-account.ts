import { randomUUID } from 'node:crypto';
import { page } from './fake-asaas-lists';
import { cents, ok, type Answer, type FakePayment, type FakeState } from './fake-asaas-state';

// The account side of the fake Asaas, what `npm run doctor` reads (Asaas API v3, 'Recuperar saldo da
// conta', 'Listar webhooks', 'Listar chaves', 'Recuperar dados comerciais'): the balance, the webhooks,
// the PIX keys and the commercial data. A new account has no webhook, no key and no site; tests set the
// state they want.

/** A webhook as the account keeps it; its token is never shown, only whether it has one (hasAuthToken). */
export interface FakeWebhook {
  id: string;
  name: string;
  url: string;
  email: string;
  enabled: boolean;
  interrupted: boolean;
  apiVersion: number;
  authToken: string | null;
  sendType: 'SEQUENTIALLY' | 'NON_SEQUENTIALLY';
  events: string[];
}

export type FakePixKeyStatus = 'AWAITING_ACTIVATION' | 'ACTIVE' | 'AWAITING_DELETION' | 'DELETED' | 'ERROR';

export interface FakePixKey {
  id: string;
  key: string;
  type: 'EVP' | 'EMAIL' | 'PHONE' | 'CPF' | 'CNPJ';
  status: FakePixKeyStatus;
  dateCreated: string;
  canBeDeleted: boolean;
  cannotBeDeletedReason: string | null;
  qrCode: null;
}

export interface FakeAccount {
  /** Money in the account besides the PIX the fake received (reais): what a test gives it. */
  balance: number;
  /**
   * Asaas's fee on each PIX received (reais), kept from the balance and never refunded: a PIX refunded
   * whole right after it arrived is refused until the balance covers the fee (docs.asaas.com 'Estornar
   * cobrança' / 'Refund payment'). 0 by default, as an account in a fee-free period; a test sets it.
   */
  pixFee: number;
  webhooks: FakeWebhook[];
  pixKeys: FakePixKey[];
  /**
   * The site of the commercial data (Minha conta → Dados comerciais): the only domain Asaas sends a buyer
   * back to after paying (docs.asaas.com, 'Redirection after payment'). Null: none registered, and the
   * answer leaves `site` out, as Asaas answers an optional field it has no value for.
   */
  site: string | null;
}

export const newFakeAccount = (): FakeAccount => ({
  balance: 0,
  pixFee: 0,
  webhooks: [],
  pixKeys: [],
  site: null,
});

/** A PIX whose money came in (received, or refunded since). */
const pixReceived = (p: FakePayment) =>
  p.billingType === 'PIX' &&
  (['RECEIVED', 'REFUND_REQUESTED', 'REFUNDED'].includes(p.status) || (p.refunds ?? []).length > 0);

/**
 * The account's balance in centavos: what it was given, each PIX received less the fee, less every refund
 * of a PIX not refused (an open refund holds its money already). Card money is not counted: it is the
 * issuer's until it settles, and card refunds do not wait on the balance here.
 */
export function balanceCents(state: FakeState): number {
  let total = cents(state.account.balance);
  for (const payment of state.payments.values()) {
    if (!pixReceived(payment)) continue;
    total += cents(payment.value) - cents(state.account.pixFee);
    for (const refund of payment.refunds ?? [])
      if (refund.status !== 'CANCELLED') total -= cents(refund.value);
  }
  return total;
}

/** GET /v3/myAccount/commercialInfo/ (AccountInfoGetResponseDto): an approved company's commercial data. */
const commercialInfo = (account: FakeAccount) => ({
  status: 'APPROVED',
  personType: 'JURIDICA',
  cpfCnpj: '11222333000181',
  name: 'Impulso Marketing Digital Ltda',
  companyName: 'Impulso Marketing Digital Ltda',
  companyType: 'LIMITED',
  email: 'dono@loja.example',
  mobilePhone: '11987654321',
  postalCode: '01310100',
  address: 'Av. Paulista',
  addressNumber: '1000',
  province: 'Bela Vista',
  tradingName: 'Impulso',
  site: account.site,
  commercialInfoExpiration: { isExpired: false, scheduledDate: '2027-06-01' },
});

export function fakeWebhook(url: string, authToken: string | null, events: readonly string[]): FakeWebhook {
  return {
    id: randomUUID(),
    name: 'Loja',
    url,
    email: 'dono@loja.example',
    enabled: true,
    interrupted: false,
    apiVersion: 3,
    authToken,
    sendType: 'SEQUENTIALLY',
    events: [...events],
  };
}

export function fakePixKey(status: FakePixKeyStatus = 'ACTIVE'): FakePixKey {
  return {
    id: randomUUID(),
    key: randomUUID(),
    type: 'EVP',
    status,
    dateCreated: '2026-01-10 10:00:00',
    canBeDeleted: true,
    cannotBeDeletedReason: null,
    qrCode: null,
  };
}

/** GET routes of the account; null when `path` is none of them. */
export function accountRoute(
  state: FakeState,
  method: string,
  path: string,
  query: URLSearchParams,
): Answer | null {
  const { account } = state;
  if (method !== 'GET') return null;
  if (path === '/finance/balance') return ok({ balance: balanceCents(state) / 100 });
  if (path === '/myAccount/commercialInfo' || path === '/myAccount/commercialInfo/')
    return ok(commercialInfo(account));
  if (path === '/webhooks')
    return page(
      query,
      account.webhooks.map(({ authToken, ...shown }) => ({
        object: 'webhook',
        ...shown,
        hasAuthToken: authToken !== null,
      })),
    );
  if (path === '/pix/addressKeys') {
    const status = query.get('status');
    // Asaas's document lists only `data` in this list's answer (PixAddressKeyListResponseDto).
    const listed = page(
      query,
      account.pixKeys.filter((k) => k.status !== 'DELETED' && (!status || k.status === status)),
    );
    return listed.status === 200 ? ok({ data: (listed.data as { data: FakePixKey[] }).data }) : listed;
  }
  return null;
}
