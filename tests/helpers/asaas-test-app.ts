import { approvedCard } from './order-request';
import { createAsaasClient } from '#server/payments/asaas/asaas-client.ts';
import { createAsaasProvider } from '#server/payments/asaas/asaas-provider.ts';
import { startFakeAsaas, type FakeAsaas } from '../fake-asaas/fake-asaas-server';
import { createTestApp, type TestApp } from './test-app';

export interface AsaasTestApp {
  fake: FakeAsaas;
  app: TestApp;
  /** A provider talking to the same fake, for operator actions (refund, cancel) called directly. */
  provider: ReturnType<typeof createAsaasProvider>;
  close(): Promise<void>;
}

/** The app configured for Asaas, against a local fake Asaas API. */
export async function startAsaasTestApp(
  webhookToken: string,
  env: Record<string, string> = {},
  options: {
    clock?: () => Date;
    logStream?: { write(line: string): void };
    /** The app's card charges wait this long (60 s in production) before the outcome counts as unknown. */
    cardTimeoutMs?: number;
  } = {},
): Promise<AsaasTestApp> {
  // The fake keeps the app's time: a due date is judged by the same clock that made it.
  const fake = await startFakeAsaas(undefined, options.clock ? { clock: options.clock } : {});
  const request = createAsaasClient({ baseUrl: fake.url, apiKey: fake.apiKey, userAgent: 'Impulso' });
  const { cardTimeoutMs, ...appOptions } = options;
  const app = await createTestApp(
    {
      PAYMENT_PROVIDER: 'asaas',
      ASAAS_API_URL: fake.url,
      ASAAS_API_KEY: fake.apiKey,
      ASAAS_WEBHOOK_TOKEN: webhookToken,
      ...env,
    },
    {
      ...appOptions,
      ...(cardTimeoutMs
        ? {
            paymentProvider: createAsaasProvider({
              request,
              publicUrl: 'http://localhost',
              clock: options.clock ?? (() => new Date()),
              cardTimeoutMs,
            }),
          }
        : {}),
    },
  );
  const provider = createAsaasProvider({ request, publicUrl: 'http://localhost', clock: () => new Date() });
  return {
    fake,
    app,
    provider,
    async close() {
      await app.close();
      await fake.close();
    },
  };
}

/** A billing address, as card charges through our form with a real provider need one. */
export const billingAddress = {
  cep: '01310-100',
  street: 'Av. Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

/** A plan bought by card with an approved card (its first month paid at once). */
export const planByCard = (instagram: string, plan: 'iniciante' | 'simples' | 'avancado' = 'simples') => ({
  item: { type: 'recurring' as const, plan },
  instagram,
  paymentMethod: 'credit_card' as const,
  card: approvedCard,
  address: billingAddress,
});
