import type { z } from 'zod';
import type { ProductId } from '#shared/catalogue.ts';
import type {
  AbandonedCheckout,
  AdminAuditEntry,
  AdminChargeAnswer,
  AdminChargeInput,
  AdminFunnel,
  AdminMetrics,
  AdminOrder,
  AdminRefund,
  adminOrderUpdateSchema,
  SalesChart,
} from '#shared/schemas/admin.ts';
import type { DeadJob } from '#shared/schemas/admin-jobs.ts';
import type { AdminLoginAnswer } from '#shared/schemas/admin-session.ts';
import type {
  AdminCatalogue,
  AdminPackageFields,
  AdminPlanComponentFields,
  AdminPlanFields,
  AdminProductFields,
} from '#shared/schemas/catalogue.ts';
import type { AdminCoupon, AdminCouponInput } from '#shared/schemas/coupons.ts';
import type { AdminDelivery, PanelReport } from '#shared/schemas/deliveries.ts';
import type { DoctorReport } from '#shared/schemas/doctor.ts';
import { api } from '../../lib/api';

// The panel's calls to our server (the session is the admin cookie; the server checks every one).
// Fiscal and invoice calls are in admin-invoices-api.ts; the operator's own account and the shop's settings in
// admin-settings-api.ts.

export const adminLogin = (email: string, password: string) =>
  api.post<AdminLoginAnswer>('/api/admin/login', { email, password });

/** The second step of a sign-in with two-factor: an app code or a recovery code. */
export const adminLoginCode = (token: string, code: string) =>
  api.post<{ usedRecoveryCode: boolean; recoveryCodesLeft: number }>('/api/admin/login/code', {
    token,
    code,
  });

/** The panel's numbers and one page of orders, for the same filters (a query string). */
export const adminDashboard = (query: string) =>
  api.get<{ metrics: AdminMetrics; funnel: AdminFunnel; sales: SalesChart }>(`/api/admin/dashboard?${query}`);

export const adminOrders = (query: string) =>
  api.get<{ orders: AdminOrder[]; total: number; pageSize: number }>(`/api/admin/orders?${query}`);

/** A WhatsApp order's charge, made by the operator. */
export const chargeOrder = (orderId: string, body: AdminChargeInput) =>
  api.post<AdminChargeAnswer>(`/api/admin/orders/${orderId}/charge`, body);

/** A change the operator makes to an order (status, note, payment status). */
export const updateOrder = (orderId: string, body: z.input<typeof adminOrderUpdateSchema>) =>
  api.patch(`/api/admin/orders/${orderId}`, body);

export const orderAudit = (orderId: string) =>
  api.get<{ audit: AdminAuditEntry[] }>(`/api/admin/orders/${orderId}/audit`);

/** The sandbox's stand-in for the provider confirming a payment. */
export const simulatePayment = (orderId: string) =>
  api.post(`/api/admin/orders/${orderId}/simulate-payment`, {});

export const cancelSubscription = (subscriptionId: string) =>
  api.post(`/api/admin/subscriptions/${subscriptionId}/cancel`, {});

export const orderRefunds = (orderId: string) =>
  api.get<{ refunds: AdminRefund[] }>(`/api/admin/orders/${orderId}/refunds`);

/** A refund of the whole order when `amountCents` is absent; the key makes a resent request count once. */
export const refundOrder = (orderId: string, body: { amountCents?: number; reason: string }, key: string) =>
  api.post(`/api/admin/orders/${orderId}/refunds`, body, { headers: { 'idempotency-key': key } });

export const orderDeliveries = (orderId: string) =>
  api.get<{ deliveries: AdminDelivery[] }>(`/api/admin/orders/${orderId}/deliveries`);

export const abandonedCheckouts = () =>
  api.get<{ checkouts: AbandonedCheckout[] }>('/api/admin/abandoned-checkouts');

/** "Precisam de atenção": the deliveries a person must decide. */
export interface FulfilmentAttention {
  provider: string;
  count: number;
  deliveries: AdminDelivery[];
}

export const fulfilmentAttention = () => api.get<FulfilmentAttention>('/api/admin/fulfilment');

export const deliveryAction = (deliveryId: string, body: Record<string, unknown>) =>
  api.post(`/api/admin/deliveries/${deliveryId}/action`, body);

export const supplierPanel = () => api.get<PanelReport>('/api/admin/fulfilment/panel');

export const runDoctor = (send: boolean) => api.post<DoctorReport>('/api/admin/doctor', { send });

export const deadJobs = () => api.get<{ count: number; jobs: DeadJob[] }>('/api/admin/jobs/dead');

export const retryJob = (jobId: string) => api.post(`/api/admin/jobs/${jobId}/retry`, {});

export const adminCoupons = () =>
  api.get<{ coupons: AdminCoupon[]; pixDiscountPercent: number }>('/api/admin/coupons');

export const createCoupon = (body: AdminCouponInput) => api.post('/api/admin/coupons', body);

export const updateCoupon = (couponId: string, body: AdminCouponInput) =>
  api.patch(`/api/admin/coupons/${couponId}`, body);

export const adminCatalogue = () => api.get<AdminCatalogue>('/api/admin/catalogue');

export const saveProduct = (product: ProductId, body: AdminProductFields) =>
  api.patch(`/api/admin/catalogue/products/${product}`, body);

/** A new package when `amount` is undefined, else the package of that amount. */
export const savePackage = (product: ProductId, amount: number | undefined, body: AdminPackageFields) =>
  amount === undefined
    ? api.post(`/api/admin/catalogue/packages/${product}`, body)
    : api.patch(`/api/admin/catalogue/packages/${product}/${amount}`, body);

export const savePlan = (planId: string, body: AdminPlanFields) =>
  api.patch(`/api/admin/catalogue/plans/${planId}`, body);

export const savePlanComponent = (planId: string, componentId: string, body: AdminPlanComponentFields) =>
  api.patch(`/api/admin/catalogue/plans/${planId}/components/${componentId}`, body);

export const refillOrder = (orderId: string) => api.post(`/api/admin/orders/${orderId}/refill`, {});
