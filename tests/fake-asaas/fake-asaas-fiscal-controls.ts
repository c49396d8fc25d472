import { cityHallAnswers } from './fake-asaas-fiscal';
import { issueScheduledThrough } from './fake-asaas-invoice-days';
import type {
  CityHallOutcome,
  CityHallRequest,
  FakeFiscal,
  FakeFiscalInfo,
  FakeInvoice,
  FakeMunicipalOptions,
} from './fake-asaas-fiscal-state';
import { saoPauloDate, type FakeState } from './fake-asaas-state';

// What a test does to the fake's NFS-e side: the city's rules, the city hall's answers (accepted,
// refused, held), and a look at the invoices and at the secrets the city hall received.

export interface FakeFiscalControls {
  /** What GET /fiscalInfo/municipalOptions answers; a test may change it (no cancellation, say). */
  municipalOptions: FakeMunicipalOptions;
  /** The account's fiscal data; null: none sent (GET /fiscalInfo/ answers 404). */
  fiscalInfo: FakeFiscalInfo | null;
  invoices: Map<string, FakeInvoice>;
  /** Each subscription's invoice settings, by its id. */
  planSettings: Map<string, Record<string, unknown>>;
  /** The passwords, tokens and certificate passwords received, in order. */
  secretsReceived: string[];
  /** What the city hall does with the next invoices (`issue`) and cancellations (`cancel`) sent to it. */
  cityHall: Record<CityHallRequest, CityHallOutcome>;
  /** The city hall answers now a held invoice (SYNCHRONIZED) or cancellation (PROCESSING_CANCELLATION). */
  decide(invoiceId: string, request: CityHallRequest, outcome: CityHallOutcome): void;
  /**
   * Asaas's issuance of the day: every SCHEDULED invoice dated today (or before) is sent to the city hall,
   * as Asaas does on an invoice's effectiveDate without being asked (those of past days go by themselves).
   */
  issueScheduled(): void;
}

const heldIn = { issue: 'SYNCHRONIZED', cancel: 'PROCESSING_CANCELLATION' } as const;

export function fiscalControls(state: FakeState, fiscal: FakeFiscal): FakeFiscalControls {
  return {
    municipalOptions: fiscal.municipalOptions,
    get fiscalInfo() {
      return fiscal.fiscalInfo;
    },
    set fiscalInfo(info: FakeFiscalInfo | null) {
      fiscal.fiscalInfo = info;
    },
    invoices: fiscal.invoices,
    planSettings: fiscal.planSettings,
    secretsReceived: fiscal.secretsReceived,
    cityHall: fiscal.cityHall,
    decide(id: string, request: CityHallRequest, outcome: CityHallOutcome) {
      const invoice = fiscal.invoices.get(id);
      if (invoice?.status !== heldIn[request]) throw new Error(`invoice ${id} is not held for ${request}`);
      cityHallAnswers(state, fiscal, invoice, request, outcome);
    },
    issueScheduled: () => issueScheduledThrough(state, fiscal, saoPauloDate(state.clock())),
  };
}
