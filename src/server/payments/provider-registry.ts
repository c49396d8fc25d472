import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAsaasClient } from './asaas/asaas-client';
import { createAsaasProvider } from './asaas/asaas-provider';
import { asaasWebhookRoutes } from './asaas/asaas-webhook.routes';
import type { PaymentProvider } from './payment-provider';
import type { SubscriptionSinks } from './plan-hooks';
import { createSandboxProvider } from './sandbox-provider';
import { sandboxRoutes } from './sandbox.routes';

interface RouteDeps {
  db: Db;
  clock: () => Date;
  sinks: SubscriptionSinks;
  /** The order's proof (orders/order-proof.ts): the sandbox's shortcuts act on an order like its writes. */
  proveOrder: (request: FastifyRequest, orderId: string) => Promise<unknown>;
}

/** A provider the shop can take payments with: how it is made, and the routes it brings. */
interface ProviderModule {
  create(config: Readonly<Config>, clock: () => Date): PaymentProvider;
  /** Its webhook (or, for the sandbox, the page and the button that stand in for one). */
  routes(
    server: FastifyInstance,
    provider: PaymentProvider,
    config: Readonly<Config>,
    deps: RouteDeps,
  ): Promise<void>;
}

/** Every provider by its PAYMENT_PROVIDER name (docs/payments.md, "Adding a provider"). */
const providers: Record<PaymentProvider['name'], ProviderModule> = {
  sandbox: {
    create: (config, clock) =>
      createSandboxProvider({
        pixKey: config.pixKey,
        merchantName: config.shop.legalName,
        merchantCity: config.pixMerchantCity,
        clock,
      }),
    routes: async (server, _provider, config, deps) => {
      await server.register(sandboxRoutes, {
        db: deps.db,
        clock: deps.clock,
        shopName: config.shop.name,
        onSubscriptionCharge: deps.sinks.onSubscriptionCharge,
        proveOrder: deps.proveOrder,
      });
    },
  },
  asaas: {
    create: (config, clock) =>
      createAsaasProvider({
        request: createAsaasClient({
          baseUrl: config.asaas.apiUrl,
          apiKey: config.asaas.apiKey,
          userAgent: config.asaas.userAgent,
        }),
        publicUrl: config.publicUrl,
        clock,
      }),
    routes: async (server, provider, config, deps) => {
      await server.register(asaasWebhookRoutes, {
        ...deps,
        provider,
        log: server.log,
        token: config.asaas.webhookToken,
      });
    },
  },
};

export const createPaymentProvider = (config: Readonly<Config>, clock: () => Date) =>
  providers[config.paymentProvider].create(config, clock);

/** Mounts the routes of the provider in use. */
export const registerProviderRoutes = (
  server: FastifyInstance,
  provider: PaymentProvider,
  config: Readonly<Config>,
  deps: RouteDeps,
) => providers[provider.name].routes(server, provider, config, deps);
