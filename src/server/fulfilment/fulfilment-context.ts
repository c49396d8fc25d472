import type { FastifyBaseLogger } from 'fastify';
import type { ProductId } from '../../shared/catalogue';
import type { PlanComponentId } from '../../shared/plan-components';
import type { Db } from '../db/client';
import type { AlertTarget } from '../owner-alerts/owner-alerts';
import type { FulfilmentPanel } from './panel';
import type { ServiceCache } from './service-cache';

/** What every fulfilment step needs; built once by fulfilment.ts. `panel` is null for manual delivery. */
export interface FulfilmentContext {
  db: Db;
  panel: FulfilmentPanel | null;
  serviceIds: Partial<Record<ProductId, string>>;
  /** A plan component's service when the catalogue names none (only the simulated panel has them). */
  componentServiceIds: Partial<Record<PlanComponentId, string>>;
  serviceCache: ServiceCache | null;
  /** SMM_BRL_RATE: reais per unit of the panel's currency, for the catalogue's costs (package-costs.ts). */
  brlRate?: string | null;
  clock: () => Date;
  alerts: AlertTarget;
  log: FastifyBaseLogger;
}
