import { eq, sql } from 'drizzle-orm';
import { defaultShopClaims, type ShopClaims } from '../../shared/shop-claims';
import { shopClaimsSchema, type ShopClaimsFields } from '../../shared/schemas/shop-claims';
import type { Executor } from '../db/client';
import { shopTexts } from '../db/schema';

const claimsKey = 'claims';

export const shopClaimsRepo = {
  /** The stored numbers; the defaults while the owner has saved none. */
  async load(db: Executor, options: { forUpdate?: boolean } = {}): Promise<ShopClaims> {
    const query = db.select().from(shopTexts).where(eq(shopTexts.key, claimsKey));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    if (!row) return defaultShopClaims;
    // Written through the same schema; a row that no longer fits it falls back rather than break pages.
    const stored = shopClaimsSchema.safeParse(row.value);
    return { ...(stored.success ? stored.data : defaultShopClaims), version: row.version };
  },

  async version(db: Executor): Promise<number> {
    const [row] = await db
      .select({ version: shopTexts.version })
      .from(shopTexts)
      .where(eq(shopTexts.key, claimsKey));
    return row?.version ?? defaultShopClaims.version;
  },

  /** Saves the numbers and moves the version every instance watches. */
  async save(db: Executor, fields: ShopClaimsFields, now: Date): Promise<void> {
    await db
      .insert(shopTexts)
      .values({ key: claimsKey, value: fields, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: shopTexts.key,
        set: { value: fields, version: sql`${shopTexts.version} + 1`, updatedAt: now },
      });
  },
};
