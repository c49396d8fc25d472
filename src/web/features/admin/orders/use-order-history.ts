import { useState } from 'react';
import type { AdminAuditEntry } from '#shared/schemas/admin.ts';
import { orderAudit } from '../admin-api';
import { failureText } from '../admin-failure';

/**
 * An order's "Histórico" under its row: shown or hidden, and read again after each change made from the
 * row while it is open ("Simular pagamento" included), so it never shows the list from before.
 */
export function useOrderHistory(orderId: string) {
  const [entries, setEntries] = useState<AdminAuditEntry[] | null>(null);
  const read = () => orderAudit(orderId).then((answer) => setEntries(answer.audit));
  return {
    entries,
    toggle: () =>
      entries ? setEntries(null) : void read().catch((error: unknown) => window.alert(failureText(error))),
    /** After a change: an open history is read again; a failure leaves the last list. */
    refresh: () => void (entries && read().catch(() => undefined)),
  };
}
