import type { ProductId } from '#shared/catalogue.ts';
import type {
  AdminChargeInput,
  AdminFunnel,
  AdminMetrics,
  AdminOrder,
  SalesChart,
} from '#shared/schemas/admin.ts';
import type { AdminLoginAnswer } from '#shared/schemas/admin-session.ts';
import type {
  AdminPackageFields,
  AdminPlanComponentFields,
  AdminPlanFields,
  AdminProductFields,
} from '#shared/schemas/catalogue.ts';
import type { AdminCouponInput } from '#shared/schemas/coupons.ts';
import type { PanelReport } from '#shared/schemas/deliveries.ts';
import type { DoctorReport } from '#shared/schemas/doctor.ts';
import { api } from '../../lib/api';

// The panel's calls to our server (the session is the admin cookie; the server checks every one).
// Fiscal and invoice calls are in admin-invoices-api.ts.

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
  api.post(`/api/admin/orders/${orderId}/charge`, body);

export const deliveryAction = (deliveryId: string, body: Record<string, unknown>) =>
  api.post(`/api/admin/deliveries/${deliveryId}/action`, body);

export const supplierPanel = () => api.get<PanelReport>('/api/admin/fulfilment/panel');

export const runDoctor = (send: boolean) => api.post<DoctorReport>('/api/admin/doctor', { send });

export const createCoupon = (body: AdminCouponInput) => api.post('/api/admin/coupons', body);

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
