import { saoPauloDay } from '#shared/dates.ts';
import type { ChargeCustomer, ChargeRequest } from '../payment-provider';
import { asaasAnswer, asaasCustomer, asaasListAll } from './asaas-answers';
import type { AsaasRequest } from './asaas-client';
import { reais } from './asaas-fields';

/**
 * The customer as Asaas keeps it. Notifications off: the shop sends its own e-mails, and Asaas's would be
 * a second set to the buyer for every charge. A buyer who asked for a company invoice is the company
 * (its CNPJ and company name): Asaas's customer is the invoice's taker (docs/nfse.md).
 */
function customerFields(customer: ChargeCustomer) {
  return {
    name: customer.company?.name ?? customer.name,
    cpfCnpj: customer.company?.cnpj ?? customer.cpf,
    ...(customer.company ? { company: customer.company.name } : {}),
    email: customer.email,
    mobilePhone: customer.phone,
    notificationDisabled: true,
    ...(customer.address
      ? {
          postalCode: customer.address.cep,
          address: customer.address.street,
          addressNumber: customer.address.number,
          province: customer.address.neighborhood,
        }
      : {}),
  };
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** What a buyer may have changed since Asaas last saw them (a new e-mail, a new address). */
function differs(kept: ReturnType<typeof asaasCustomer.parse>, wanted: ReturnType<typeof customerFields>) {
  return (
    kept.name !== wanted.name ||
    kept.email !== wanted.email ||
    digits(kept.mobilePhone) !== digits(wanted.mobilePhone) ||
    kept.notificationDisabled !== true ||
    ('postalCode' in wanted &&
      (digits(kept.postalCode) !== digits(wanted.postalCode) || kept.addressNumber !== wanted.addressNumber))
  );
}

/** The fields every Asaas charge starts with: the customer (found or created), value, due date, order. */
export function chargeBase(request: AsaasRequest, clock: () => Date) {
  /**
   * Customers are looked up by CPF (or CNPJ) before one is created (Asaas allows duplicates, and a create whose
   * answer was lost must not make a second one), and updated when the buyer's details changed.
   */
  async function ensureCustomer(customer: ChargeCustomer): Promise<string> {
    const wanted = customerFields(customer);
    const [found] = await asaasListAll(
      request,
      `/customers?cpfCnpj=${encodeURIComponent(wanted.cpfCnpj)}`,
      asaasCustomer,
      'customer list',
    );
    if (found) {
      if (differs(found, wanted))
        asaasAnswer(
          asaasCustomer,
          await request('PUT', `/customers/${encodeURIComponent(found.id)}`, wanted),
          'customer',
        );
      return found.id;
    }
    return asaasAnswer(asaasCustomer, await request('POST', '/customers', wanted), 'customer').id;
  }

  /** `dueBy`: the charge must stay payable until then (a PIX's deadline); today otherwise. */
  return async (charge: ChargeRequest, dueBy: Date = clock()) => ({
    customer: await ensureCustomer(charge.customer),
    value: reais(charge.amountCents),
    dueDate: saoPauloDay(dueBy),
    description: charge.description.slice(0, 500),
    externalReference: charge.orderId,
  });
}
