import type { FastifyBaseLogger } from 'fastify';
import type { ShopClaims } from '../../shared/shop-claims';
import type { Db } from '../db/client';
import { backgroundTimer, type BackgroundTimer } from '../jobs/background-timer';
import { shopClaimsRepo } from './shop-claims.repo';

/**
 * The shop's numbers this instance renders, kept in memory like the catalogue (ADR 021): an edit made here
 * reloads them at once, one made on another instance within a second of the version check.
 */
/** start() follows other instances' edits; stop() waits for a check in flight. */
export interface ShopClaimsStore extends BackgroundTimer {
  current(): ShopClaims;
  refresh(): Promise<void>;
}

export async function openShopClaimsStore(db: Db, log: FastifyBaseLogger): Promise<ShopClaimsStore> {
  let claims = await shopClaimsRepo.load(db);
  const refresh = async () => {
    if ((await shopClaimsRepo.version(db)) !== claims.version) claims = await shopClaimsRepo.load(db);
  };
  const watch = backgroundTimer({
    intervalMs: 1_000,
    log,
    failure: 'shop numbers check failed',
    tick: () => refresh(),
  });
  return {
    current: () => claims,
    refresh,
    start: watch.start,
    stop: watch.stop,
  };
}
