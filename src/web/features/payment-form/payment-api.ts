import type { PaymentPollResponse } from '#shared/schemas/order-view.ts';
import { api } from '../../lib/api';

// The payment-form feature's calls to our server.

/** The order's payment state as our server knows it (never the provider's, docs/product.md#payment-confirmation). */
export const pollPayment = (orderId: string) =>
  api.get<PaymentPollResponse>(`/api/orders/${orderId}/payment`);

/** Sandbox only: "Simular pagamento" confirms the PIX charge. */
export const confirmSandboxPayment = (paymentId: string) =>
  api.post(`/api/sandbox/payments/${paymentId}/confirm`, {});

/** The PIX QR code as an image, when the charge came without one inline. */
export const pixQrImageUrl = (paymentId: string) => `/api/payments/${paymentId}/qr.png`;
