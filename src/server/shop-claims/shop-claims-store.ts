import type { FastifyBaseLogger } from 'fastify';
import type { ShopClaims } from '../../shared/shop-claims';
import type { Db } from '../db/client';
import { shopClaimsRepo } from './shop-claims.repo';

/**
 * The shop's numbers this instance renders, kept in memory like the catalogue (ADR 021): an edit made here
 * reloads them at once, one made on another instance within a second of the version check.
 */
export interface ShopClaimsStore {
  current(): ShopClaims;
  refresh(): Promise<void>;
  start(): void;
  stop(): void;
}

export async function openShopClaimsStore(db: Db, log: FastifyBaseLogger): Promise<ShopClaimsStore> {
  let claims = await shopClaimsRepo.load(db);
  let timer: NodeJS.Timeout | null = null;
  const refresh = async () => {
    if ((await shopClaimsRepo.version(db)) !== claims.version) claims = await shopClaimsRepo.load(db);
  };
  return {
    current: () => claims,
    refresh,
    start() {
      timer ??= setInterval(() => {
        refresh().catch((err: unknown) => log.warn({ err }, 'shop numbers check failed'));
      }, 1_000).unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
