import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/rows';

/** One row per alert key: when it was last sent (the quiet periods, the digest's and sweeps' once a day). */
export const ownerAlertsRepo = {
  /** True when this alert is due (never sent, or last sent before `quietSince`); records it as sent now. */
  async claim(db: Executor, key: string, now: Date, quietSince: Date): Promise<boolean> {
    const rows = rowsOf(
      z.object({ key: z.string() }),
      await db.execute(sql`
      insert into owner_alerts (key, sent_at) values (${key}, ${now})
      on conflict (key) do update set sent_at = excluded.sent_at
        where owner_alerts.sent_at < ${quietSince}
      returning key`),
    );
    return rows.length > 0;
  },
};
