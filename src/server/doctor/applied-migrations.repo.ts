import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/** The folder times of the migrations drizzle applied (its own table); none when it was never made. */
export async function appliedMigrationTimes(db: Db): Promise<number[]> {
  try {
    const rows = rowsOf<{ created_at: string | number }>(
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
    );
    return rows.map((row) => Number(row.created_at));
  } catch {
    return [];
  }
}
