import { randomUUID } from 'node:crypto';
import type { FakeState } from './fake-asaas-state';

// What the fake Asaas holds for NFS-e (Asaas API v3, 'Notas fiscais' and 'Informações fiscais'): the
// city's requirements, the account's fiscal data, the municipal services, and the invoices. Invoice
// webhooks go into the same `events` as the payment ones, shaped as Asaas's 'Eventos para notas fiscais'.

export type FakeInvoiceStatus =
  | 'PENDING'
  | 'WAITING_OVERDUE_PAYMENT'
  | 'SCHEDULED'
  | 'SYNCHRONIZED'
  | 'AUTHORIZED'
  | 'PROCESSING_CANCELLATION'
  | 'CANCELED'
  | 'CANCELLATION_DENIED'
  | 'ERROR';

export interface FakeInvoiceTaxes {
  retainIss: boolean;
  iss: number;
  pis: number;
  cofins: number;
  csll: number;
  inss: number;
  ir: number;
  /** The tax reform's IBS/CBS classification (InvoiceTaxesRequestDTO), when sent. */
  nbsCode?: string;
  taxSituationCode?: string;
  taxClassificationCode?: string;
  operationIndicatorCode?: string;
}

export interface FakeInvoice {
  object: 'invoice';
  id: string;
  status: FakeInvoiceStatus;
  customer: string;
  payment: string | null;
  installment: string | null;
  type: 'NFS-e';
  statusDescription: string | null;
  serviceDescription: string;
  observations: string;
  value: number;
  deductions: number;
  effectiveDate: string;
  municipalServiceId: string | null;
  municipalServiceCode: string | null;
  municipalServiceName: string;
  taxes: FakeInvoiceTaxes;
  externalReference: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  number: string | null;
  rpsSerie: string | null;
  rpsNumber: string | null;
  validationCode: string | null;
}

/** Asaas API v3, 'Listar configurações municipais' (MunicipalOptionsGetResponseDTO). */
export interface FakeMunicipalOptions {
  authenticationType: 'CERTIFICATE' | 'TOKEN' | 'USER_AND_PASSWORD';
  supportsCancellation: boolean;
  usesSpecialTaxRegimes: boolean;
  usesServiceListItem: boolean;
  specialTaxRegimesList: Array<{ label: string; value: string }>;
  /** The national portal's regimes (Simples Nacional ME/EPP) where the city asks for one; [] otherwise. */
  nationalPortalTaxCalculationRegimeList: Array<{ label: string; value: string }>;
  nationalPortalTaxCalculationRegimeHelp: string | null;
  municipalInscriptionHelp: string | null;
  specialTaxRegimeHelp: string | null;
  serviceListItemHelp: string | null;
  digitalCertificatedHelp: string | null;
  accessTokenHelp: string | null;
  municipalServiceCodeHelp: string | null;
}

/** The fiscal data as GET /v3/fiscalInfo/ answers it: the credentials only as "sent" flags. */
export interface FakeFiscalInfo {
  object: 'fiscalInfo';
  simplesNacional: boolean;
  email: string;
  municipalInscription: string | null;
  cnae: string | null;
  specialTaxRegime: string | null;
  serviceListItem: string | null;
  nbsCode: string | null;
  nationalPortalTaxCalculationRegime: string | null;
  rpsSerie: string | null;
  rpsNumber: number | null;
  loteNumber: number | null;
  username: string | null;
  passwordSent: boolean;
  accessTokenSent: boolean;
  certificateSent: boolean;
}

/**
 * What the city hall does with an invoice sent to it, or with a cancellation: accepts at once (AUTHORIZED,
 * CANCELED), refuses with `description` (ERROR, CANCELLATION_DENIED), or holds it until the test decides.
 */
export type CityHallOutcome =
  { kind: 'accepted' } | { kind: 'refused'; description: string } | { kind: 'held' };
export type CityHallRequest = 'issue' | 'cancel';

export interface FakeFiscal {
  municipalOptions: FakeMunicipalOptions;
  fiscalInfo: FakeFiscalInfo | null;
  /** What the city hall received as secrets, so a test can see they were sent (never read back). */
  secretsReceived: string[];
  services: Array<{ id: string; description: string; issTax: number }>;
  invoices: Map<string, FakeInvoice>;
  /** Each subscription's invoice settings (its months' invoices), by the subscription's id. */
  planSettings: Map<string, Record<string, unknown>>;
  /** The city hall's next answers, by request (accepted by default). */
  cityHall: Record<CityHallRequest, CityHallOutcome>;
  /** How many invoices the city hall has numbered. */
  issued: number;
}

export function newFakeFiscal(): FakeFiscal {
  return {
    municipalOptions: {
      authenticationType: 'USER_AND_PASSWORD',
      supportsCancellation: true,
      usesSpecialTaxRegimes: true,
      usesServiceListItem: false,
      specialTaxRegimesList: [
        { label: 'Microempresa municipal', value: '1' },
        { label: 'Microempresário e empresa de pequeno porte (ME EPP)', value: '5' },
      ],
      nationalPortalTaxCalculationRegimeList: [],
      nationalPortalTaxCalculationRegimeHelp: null,
      municipalInscriptionHelp: 'A inscrição municipal consta no cadastro da prefeitura.',
      specialTaxRegimeHelp: null,
      serviceListItemHelp: null,
      digitalCertificatedHelp: null,
      accessTokenHelp: null,
      municipalServiceCodeHelp: 'O código do serviço municipal está na lista da prefeitura.',
    },
    fiscalInfo: null,
    secretsReceived: [],
    services: [
      { id: '101', description: 'Propaganda e publicidade, inclusive promoção de vendas', issTax: 2 },
      { id: '102', description: 'Agenciamento de propaganda e publicidade', issTax: 5 },
      { id: '103', description: 'Elaboração de programas de computadores', issTax: 2 },
    ],
    invoices: new Map(),
    planSettings: new Map(),
    cityHall: { issue: { kind: 'accepted' }, cancel: { kind: 'accepted' } },
    issued: 0,
  };
}

export const newInvoiceId = () => `inv_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

type InvoiceFields = Omit<
  FakeInvoice,
  | 'object'
  | 'id'
  | 'status'
  | 'type'
  | 'statusDescription'
  | 'pdfUrl'
  | 'xmlUrl'
  | 'number'
  | 'rpsSerie'
  | 'rpsNumber'
  | 'validationCode'
>;

/** A new invoice as Asaas makes it: SCHEDULED, not yet sent to the city hall. */
export const scheduledInvoice = (fiscal: FakeFiscal, fields: InvoiceFields): FakeInvoice => ({
  object: 'invoice',
  id: newInvoiceId(),
  status: 'SCHEDULED',
  type: 'NFS-e',
  statusDescription: null,
  ...fields,
  pdfUrl: null,
  xmlUrl: null,
  number: null,
  rpsSerie: fiscal.fiscalInfo?.rpsSerie ?? null,
  rpsNumber: null,
  validationCode: null,
});

/** An invoice webhook: the event and a copy of the invoice at that moment. */
export function emitInvoice(state: FakeState, event: string, invoice: FakeInvoice) {
  state.events.push({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    event,
    dateCreated: state.clock().toISOString(),
    invoice: { ...invoice, taxes: { ...invoice.taxes } },
  });
}

/** Moves an invoice to `status`, with the event Asaas names after it. */
export function moveInvoice(
  state: FakeState,
  fiscal: FakeFiscal,
  invoice: FakeInvoice,
  status: FakeInvoiceStatus,
  statusDescription: string | null = null,
) {
  invoice.status = status;
  invoice.statusDescription = statusDescription;
  if (status === 'AUTHORIZED') {
    invoice.number ??= String(++fiscal.issued);
    invoice.pdfUrl = `https://sandbox.asaas.com/invoices/${invoice.id}.pdf`;
    invoice.xmlUrl = `https://sandbox.asaas.com/invoices/${invoice.id}.xml`;
    invoice.validationCode = invoice.id.slice(-8).toUpperCase();
  }
  emitInvoice(state, `INVOICE_${status}`, invoice);
}
