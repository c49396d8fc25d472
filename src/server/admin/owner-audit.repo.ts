import type { Executor } from '../db/client';
import { ownerAudit } from '../db/schema';

export interface OwnerAuditEntry {
  entity: string;
  entityId: string;
  actor: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** Who changed what the owner edits (coupons, settings, the catalogue), when, before → after. */
export async function recordOwnerChange(db: Executor, entry: OwnerAuditEntry): Promise<void> {
  await db.insert(ownerAudit).values({
    ...entry,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
  });
}
