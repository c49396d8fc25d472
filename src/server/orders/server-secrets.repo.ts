import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

export const serverSecretsRepo = {
  /**
   * The secret kept under `name`, made by `make` on the first call: the first instance to start stores
   * it, the others (and later starts) read the same one.
   */
  async getOrCreate(db: Db, name: string, make: () => string): Promise<string> {
    await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    return row!.value;
  },
};
