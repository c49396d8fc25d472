import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { catalogueRepo } from './catalogue.repo';

/**
 * The catalogue this instance prices and renders from, kept in memory (the order path reads no extra
 * row). An edit made here reloads it at once; edits made on another instance arrive through the version
 * row, polled every second (ADR 021), so every instance serves the new prices within the 5 s.
 */
export interface CatalogueStore {
  current(): Catalogue;
  /** Reloads when the stored version differs from the one in memory. */
  refresh(): Promise<void>;
  start(): void;
  stop(): void;
}

export const catalogueWatchIntervalMs = 1_000;

export async function openCatalogueStore(db: Db, log: FastifyBaseLogger): Promise<CatalogueStore> {
  let catalogue = await catalogueRepo.load(db);
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

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
  return {
    current: () => catalogue,
    refresh,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        refresh().catch((err: unknown) => log.warn({ err }, 'catalogue version check failed'));
      }, catalogueWatchIntervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
