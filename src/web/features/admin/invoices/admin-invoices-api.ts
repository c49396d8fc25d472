import type { AdminInvoice } from '#shared/schemas/admin-invoices.ts';
import type {
  FiscalCode,
  FiscalCodeKind,
  FiscalInfoInput,
  FiscalInfoView,
  FiscalSetup,
  MunicipalService,
} from '#shared/schemas/fiscal-info.ts';
import type { InvoiceSettings } from '#shared/schemas/invoice-settings.ts';
import { api } from '#web/lib/api.ts';

// The "Nota fiscal" screens' calls to our server (docs/nfse.md).

export interface InvoicePage {
  invoices: AdminInvoice[];
  total: number;
  page: number;
  pageSize: number;
}

export const fiscalSetup = () => api.get<FiscalSetup>('/api/admin/fiscal');

export const saveFiscalInfo = (body: FiscalInfoInput) =>
  api.post<{ info: FiscalInfoView }>('/api/admin/fiscal', body);

/** The city hall's services whose description matches. */
export const municipalServices = (description: string) =>
  api.get<{ services: MunicipalService[] }>(
    `/api/admin/fiscal/services?${new URLSearchParams({ description })}`,
  );

/** The codes of one of Asaas's tax reform look-ups matching a code or words. */
export const fiscalCodes = (kind: FiscalCodeKind, query: string) =>
  api.get<{ codes: FiscalCode[] }>(`/api/admin/fiscal/codes?${new URLSearchParams({ kind, query })}`);

export const invoiceSettings = () =>
  api.get<{ settings: InvoiceSettings | null }>('/api/admin/invoice-settings');

/** The settings with the rates in basis points. */
export const saveInvoiceSettings = (settings: InvoiceSettings) =>
  api.patch('/api/admin/invoice-settings', settings);

/** One page of invoices for the filters (a query string). */
export const adminInvoices = (query: string, page: number) =>
  api.get<InvoicePage>(`/api/admin/invoices?${query}&page=${page}`);

export const retryInvoice = (orderId: string) => api.post(`/api/admin/orders/${orderId}/invoice/retry`, {});
