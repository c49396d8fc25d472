import type { CreateOrderResponse } from '../../shared/schemas/order-view';
import type { AdminChargeInput } from '../../shared/schemas/admin';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { ShopClaimsStore } from '../shop-claims/shop-claims-store';
import type { Coupons } from '../coupons/coupons.service';
import type { Db } from '../db/client';
import type { FulfilmentContext } from '../fulfilment/fulfilment-context';
import type { PaymentProvider } from '../payments/payment-provider';
import type { PrivacyRequests } from '../privacy/privacy-requests';
import type { AdminDoctor } from './admin-doctor.routes';
import type { AsaasFiscal } from '../invoices/fiscal-asaas';

/** What the operator endpoints are built from (the composition root passes it in). */
export interface AdminDeps {
  db: Db;
  clock: () => Date;
  adminEmail: string;
  provider: PaymentProvider;
  fulfilment: FulfilmentContext;
  /** "Gerar cobrança" for an order settled on WhatsApp (the orders service, above admin's reach). */
  chargeWhatsapp: (
    orderId: string,
    charge: AdminChargeInput,
    remoteIp: string,
  ) => Promise<CreateOrderResponse>;
  /** The order page's link with a 7-day `#acesso=` token, as e-mails carry it (ADR 041). */
  orderLink: (orderId: string) => string;
  coupons: Coupons;
  privacyRequests: PrivacyRequests;
  catalogue: CatalogueStore;
  /** "Verificar configuração" (docs/operations.md). */
  doctor: AdminDoctor;
  claims: ShopClaimsStore;
  /** Asaas's fiscal data for the panel's "Nota fiscal"; absent when payments are not Asaas's. */
  fiscal?: AsaasFiscal | null;
  /** The first-start password file, deleted once the operator has chosen a password (main.ts). */
  initialPasswordFile?: string;
  /** SHOP_NAME, a word the password policy refuses. */
  shopName?: string;
  /** WhatsApp messages are on (docs/whatsapp.md). */
  whatsappEnabled?: boolean;
  /** Where e-mails go; "E-mails enviados" lists the outbox only when no SMTP server is configured. */
  mailerKind?: 'smtp' | 'outbox';
  /** NODE_ENV=production: the panel opens only to an operator with a second factor (ADR 027). */
  requireTwoFactor?: boolean;
}
