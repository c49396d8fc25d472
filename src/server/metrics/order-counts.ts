import type { Db } from '../db/client';

export type OrderEvent = 'created' | 'paid' | 'refunded';
type Count = (event: OrderEvent, method: string) => void;

/**
 * The order counters of the app instance that owns a database handle. An order becomes paid through
 * many doors (a webhook, reconciliation, a job, the operator), all handed the instance's `db`: the
 * handle, rather than a parameter through each door, says whose counter moves. Every instance opens its
 * own handle (buildApp registers it); a handle shared by two apps in one test process counts for the
 * last one built. ADR 038.
 */
const counters = new WeakMap<Db, Count>();

export function countOrdersOf(db: Db, count: Count): void {
  counters.set(db, count);
}

/** Called once the change is committed. */
export function countOrder(db: Db, event: OrderEvent, method: string): void {
  counters.get(db)?.(event, method);
}
