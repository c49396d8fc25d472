import type { FulfilmentPanel, PanelService } from './panel';

/** The panel's `services`, read at most every 10 minutes per instance (drip-feed and refill support). */
export function createServiceCache(panel: FulfilmentPanel, clock: () => Date, ttlMs = 600_000) {
  let cached: { at: number; list: PanelService[] } | null = null;
  return {
    async list(): Promise<PanelService[]> {
      const now = clock().getTime();
      if (!cached || now - cached.at > ttlMs) cached = { at: now, list: await panel.services() };
      return cached.list;
    },
    /** A service not in a list older than a minute is looked for again (the owner just configured it). */
    async find(id: string): Promise<PanelService | undefined> {
      const found = (await this.list()).find((s) => s.service === id);
      if (found || !cached || clock().getTime() - cached.at <= 60_000) return found;
      cached = null;
      return (await this.list()).find((s) => s.service === id);
    },
  };
}

export type ServiceCache = ReturnType<typeof createServiceCache>;
