import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { bigNumber, rowsOf } from '../db/rows';

/** The folder times of the migrations drizzle applied (its own table); none when it was never made. */
export async function appliedMigrationTimes(db: Db): Promise<number[]> {
  try {
    const rows = rowsOf(
      z.object({ created_at: bigNumber }),
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
    );
    return rows.map((row) => Number(row.created_at));
  } catch {
    return [];
  }
}
