import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { backgroundTimer, type BackgroundTimer } from '../jobs/background-timer';
import { catalogueRepo } from './catalogue.repo';

/**
 * The catalogue this instance prices and renders from, kept in memory (the order path reads no extra
 * row). An edit made here reloads it at once; edits made on another instance arrive through the version
 * row, polled every second (ADR 021), so every instance serves the new prices within the 5 s.
 */
/** start() follows other instances' edits; stop() waits for a check in flight. */
export interface CatalogueStore extends BackgroundTimer {
  current(): Catalogue;
  /** Reloads when the stored version differs from the one in memory. */
  refresh(): Promise<void>;
}

export const catalogueWatchIntervalMs = 1_000;

export async function openCatalogueStore(db: Db, log: FastifyBaseLogger): Promise<CatalogueStore> {
  let catalogue = await catalogueRepo.load(db);
  let queue: Promise<void> = Promise.resolve();

  const reload = async () => {
    if ((await catalogueRepo.settings(db)).version === catalogue.version) return;
    catalogue = await catalogueRepo.load(db);
    log.info({ version: catalogue.version }, 'catalogue reloaded');
  };
  const refresh = () => {
    // One reload at a time; a caller arriving meanwhile waits for it and then checks again.
    const next = queue.then(reload);
    queue = next.catch(() => undefined);
    return next;
  };
  const watch = backgroundTimer({
    intervalMs: catalogueWatchIntervalMs,
    log,
    failure: 'catalogue version check failed',
    tick: () => refresh(),
  });
  return {
    current: () => catalogue,
    refresh,
    start: watch.start,
    stop: watch.stop,
  };
}
