import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { Coupons } from '../coupons/coupons.service';
import type { Db } from '../db/client';
import type { PaymentProvider } from '../payments/payment-provider';
import type { OrderLimits } from './order-limits';

/** What the orders service is built from (the composition root passes it in). */
export interface OrdersServiceDeps {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Prices come from here; UNAVAILABLE_PACKAGES switches packages off on top of it. */
  catalogue: CatalogueStore;
  unavailablePackages: readonly string[];
  cardCheckout: 'transparent' | 'hosted';
  /** Card charges through our form need the billing address (a real provider's anti-fraud asks for it). */
  cardNeedsAddress: boolean;
  limits: OrderLimits;
  pixExpiryMinutes: number;
  shopName: string;
  coupons: Coupons;
}
