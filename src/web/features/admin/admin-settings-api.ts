import type { z } from 'zod';
import type {
  adminPasswordChangeSchema,
  AdminSessionInfo,
  AdminTwoFactorSetup,
} from '#shared/schemas/admin-session.ts';
import type { ShopClaimsFields } from '#shared/schemas/shop-claims.ts';
import type { WhatsappSettingsView } from '#shared/schemas/whatsapp.ts';
import type { ShopClaims } from '#shared/shop-claims.ts';
import { api } from '../../lib/api';

// The operator's own account (session, password, two-factor) and the shop's settings, as the panel calls them.

export const adminSession = () => api.get<AdminSessionInfo>('/api/admin/session');

export const adminLogout = () => api.post('/api/admin/logout', {});

export const changePassword = (body: z.input<typeof adminPasswordChangeSchema>) =>
  api.post<{ message: string }>('/api/admin/password', body);

/** A new secret to scan; turning it on again (it is on) asks for the password. */
export const setupTwoFactor = (body: { password?: string }) =>
  api.post<AdminTwoFactorSetup>('/api/admin/2fa/setup', body);

export const confirmTwoFactor = (code: string) =>
  api.post<{ recoveryCodes: string[] }>('/api/admin/2fa/confirm', { code });

/** A buyer's request about their data (LGPD), confirmed by the link sent to that address. */
export interface PrivacyRequest {
  id: string;
  email: string;
  action: 'export' | 'erase';
  requestedBy: string;
  createdAt: string;
  confirmedAt: string | null;
}

export const privacyRequests = () => api.get<{ requests: PrivacyRequest[] }>('/api/admin/privacy-requests');

export const requestPrivacy = (email: string, action: PrivacyRequest['action']) =>
  api.post('/api/admin/privacy-requests', { email, action });

export const savePixDiscount = (percent: number) =>
  api.patch('/api/admin/settings/pix-discount', { percent });

export const shopClaims = () => api.get<ShopClaims>('/api/admin/shop-claims');

export const saveShopClaims = (fields: ShopClaimsFields) => api.patch('/api/admin/shop-claims', fields);

export const whatsappSettings = () => api.get<WhatsappSettingsView>('/api/admin/whatsapp');

export const saveWhatsappTemplates = (templates: Record<string, string>) =>
  api.patch('/api/admin/whatsapp', { templates });
