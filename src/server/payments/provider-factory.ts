import type { Config } from '../config';
import { createAsaasClient } from './asaas/asaas-client';
import { createAsaasProvider } from './asaas/asaas-provider';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';

export function createPaymentProvider(config: Readonly<Config>, clock: () => Date): PaymentProvider {
  if (config.paymentProvider === 'asaas') {
    return createAsaasProvider({
      request: createAsaasClient({
        baseUrl: config.asaas.apiUrl,
        apiKey: config.asaas.apiKey,
        userAgent: config.asaas.userAgent,
      }),
      publicUrl: config.publicUrl,
      clock,
    });
  }
  return createSandboxProvider({
    pixKey: config.pixKey,
    merchantName: config.shop.legalName,
    merchantCity: config.pixMerchantCity,
    clock,
  });
}
