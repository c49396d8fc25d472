import { sendToCityHall } from './fake-asaas-fiscal';
import type { FakeFiscal } from './fake-asaas-fiscal-state';
import { saoPauloDate, type FakeState } from './fake-asaas-state';

// Asaas issues a scheduled invoice by itself on its effectiveDate ('Agendar nota fiscal': the invoice is
// scheduled for that date; 'Emitir uma nota fiscal' only brings one scheduled for later forward; ADR 048,
// docs/nfse.md). The fake sends every SCHEDULED invoice of a past day to the city hall when it is next
// asked anything, and those of today when a test runs the day's issuance (fiscal.issueScheduled).

/** Every SCHEDULED invoice dated `through` or before, sent to the city hall. */
export function issueScheduledThrough(state: FakeState, fiscal: FakeFiscal, through: string) {
  for (const invoice of fiscal.invoices.values())
    if (invoice.status === 'SCHEDULED' && invoice.effectiveDate <= through)
      sendToCityHall(state, fiscal, invoice);
}

/** Those of the days before today (São Paulo, by the fake's clock): issued by now, whoever asks. */
export function issuePastDays(state: FakeState, fiscal: FakeFiscal) {
  const yesterday = saoPauloDate(new Date(state.clock().getTime() - 86_400_000));
  issueScheduledThrough(state, fiscal, yesterday);
}
