import { saoPauloDay } from '../../../shared/dates';
import type { ChargeCustomer, ChargeRequest } from '../payment-provider';
import { asaasAnswer, asaasCustomer, asaasList } from './asaas-answers';
import type { AsaasRequest } from './asaas-client';
import { reais } from './asaas-fields';

/** The fields every Asaas charge starts with: the customer (found or created), value, due date, order. */
export function chargeBase(request: AsaasRequest, clock: () => Date) {
  /** Customers are looked up by CPF before creating one: Asaas allows duplicates (reference §1.3). */
  async function ensureCustomer(customer: ChargeCustomer): Promise<string> {
    const found = asaasAnswer(
      asaasList(asaasCustomer),
      await request('GET', `/customers?cpfCnpj=${customer.cpf}&limit=1`),
      'customer list',
    );
    if (found.data[0]) return found.data[0].id;
    const created = asaasAnswer(
      asaasCustomer,
      await request('POST', '/customers', {
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
      }),
      'customer',
    );
    return created.id;
  }

  return async (charge: ChargeRequest) => ({
    customer: await ensureCustomer(charge.customer),
    value: reais(charge.amountCents),
    dueDate: saoPauloDay(clock()),
    description: charge.description.slice(0, 500),
    externalReference: charge.orderId,
  });
}
