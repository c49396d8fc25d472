import { z } from 'zod';
import type { IbsCbsField } from '../../shared/schemas/invoice-settings';
import type { AsaasRequest } from '../payments/asaas/asaas-client';

// Asaas API v3 'Notas fiscais' as the shop uses them (docs/decisions/033-nfse-through-asaas.md). Answers
// are read leniently (Asaas adds attributes, and may add statuses); an invoice without id is an error.

export const asaasInvoice = z.looseObject({
  id: z.string().min(1),
  // Any word: one the shop does not know is kept (the webhook) and logged, never a failed job.
  status: z.string().min(1),
  externalReference: z.string().nullish(),
  /** The charge it invoices: a plan's month names its order by it. */
  payment: z.string().nullish(),
  number: z.string().nullish(),
  pdfUrl: z.string().nullish(),
  xmlUrl: z.string().nullish(),
  statusDescription: z.string().nullish(),
});
export type AsaasInvoice = z.infer<typeof asaasInvoice>;

// Nullable in Asaas's document: a city that does not say is one that does not cancel.
const cityOptions = z.looseObject({ supportsCancellation: z.boolean().nullish() });
const invoiceList = z.looseObject({ data: z.array(asaasInvoice) });

/** What POST /v3/invoices takes (InvoiceSaveRequestDTO); money in reais, rates in percent. */
export type NewAsaasInvoice = InvoiceOrigin & {
  serviceDescription: string;
  observations: string;
  value: number;
  deductions: number;
  effectiveDate: string;
  municipalServiceId?: string;
  municipalServiceCode?: string;
  municipalServiceName: string;
  /** Rates in percent; ISS withheld by the taker or not; the IBS/CBS classification when chosen. */
  taxes: { retainIss: boolean } & Record<'iss' | 'pis' | 'cofins' | 'csll' | 'inss' | 'ir', number> &
    Partial<Record<IbsCbsField, string>>;
  externalReference: string;
};

/** A card in instalments is one Asaas payment per instalment: its invoice takes the plan (`installment`). */
export type InvoiceOrigin = { payment: string } | { installment: string };

export function asaasInvoices(request: AsaasRequest) {
  return {
    /** The invoice Asaas holds with this reference (ours: the invoice row's id), or null. */
    async findByReference(reference: string): Promise<AsaasInvoice | null> {
      const query = new URLSearchParams({ externalReference: reference, limit: '1' });
      const list = invoiceList.parse(await request('GET', `/invoices?${query}`));
      return list.data[0] ?? null;
    },
    /** The invoice Asaas made for a charge (a plan's month, from its invoice settings), or null. */
    async findByPayment(paymentId: string): Promise<AsaasInvoice | null> {
      const query = new URLSearchParams({ payment: paymentId, limit: '1' });
      const list = invoiceList.parse(await request('GET', `/invoices?${query}`));
      return list.data[0] ?? null;
    },
    create: async (invoice: NewAsaasInvoice) =>
      asaasInvoice.parse(await request('POST', '/invoices', invoice)),
    /** Sends a scheduled invoice to the city hall now. */
    authorize: async (id: string) =>
      asaasInvoice.parse(await request('POST', `/invoices/${encodeURIComponent(id)}/authorize`)),
    get: async (id: string) =>
      asaasInvoice.parse(await request('GET', `/invoices/${encodeURIComponent(id)}`)),
    /** Whether the account's city hall lets an issued invoice be cancelled. */
    async cityCancels(): Promise<boolean> {
      const options = cityOptions.parse(await request('GET', '/fiscalInfo/municipalOptions'));
      return options.supportsCancellation === true;
    },
    cancel: async (id: string) =>
      asaasInvoice.parse(await request('POST', `/invoices/${encodeURIComponent(id)}/cancel`)),
  };
}

export type AsaasInvoices = ReturnType<typeof asaasInvoices>;
