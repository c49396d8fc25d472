import type { ProductId } from '../shared/catalogue';
import type { Env } from './config-env';

export interface FulfilmentConfig {
  provider: Env['FULFILMENT_PROVIDER'];
  sandboxSeconds: number;
  /** The panel's service id per product. */
  services: Partial<Record<ProductId, string>>;
  smm: { apiUrl: string; apiKey: string; timeoutMs: number };
  syncIntervalSeconds: number;
  balanceAlert: number | null;
  /** SMM_BRL_RATE: reais per unit of the panel's currency, a decimal string; null when not set. */
  brlRate: string | null;
  ownerAlertEmail: string;
}

/** The delivery side's settings (FULFILMENT_PROVIDER, SMM_*, OWNER_ALERT_EMAIL). */
export function fulfilmentConfigOf(
  e: Env,
  services: Partial<Record<ProductId, string>>,
): Readonly<FulfilmentConfig> {
  return Object.freeze({
    provider: e.FULFILMENT_PROVIDER,
    sandboxSeconds: e.SANDBOX_FULFILMENT_SECONDS,
    services,
    smm: { apiUrl: e.SMM_API_URL ?? '', apiKey: e.SMM_API_KEY ?? '', timeoutMs: e.SMM_TIMEOUT_MS },
    // The simulated panel finishes in SANDBOX_FULFILMENT_SECONDS: it is asked often enough to show it.
    syncIntervalSeconds:
      e.FULFILMENT_PROVIDER === 'sandbox'
        ? Math.max(1, Math.min(e.SMM_SYNC_INTERVAL_SECONDS, Math.floor(e.SANDBOX_FULFILMENT_SECONDS / 6)))
        : e.SMM_SYNC_INTERVAL_SECONDS,
    balanceAlert: e.SMM_BALANCE_ALERT ?? null,
    brlRate: e.SMM_BRL_RATE ?? null,
    ownerAlertEmail: (e.OWNER_ALERT_EMAIL ?? e.ADMIN_EMAIL).toLowerCase(),
  });
}

/**
 * The panel's service per product: the simulated panel's own ids (sandbox-panel.ts) unless the owner names
 * others; a real panel only those named, so a shop may sell one product (issue 26).
 */
export function productServices(e: Env): Partial<Record<ProductId, string>> {
  const named = {
    followers: e.SMM_SERVICE_FOLLOWERS,
    likes: e.SMM_SERVICE_LIKES,
    views: e.SMM_SERVICE_VIEWS,
  };
  if (e.FULFILMENT_PROVIDER !== 'smm')
    return { followers: named.followers ?? '1', likes: named.likes ?? '2', views: named.views ?? '3' };
  return Object.fromEntries(Object.entries(named).filter(([, id]) => id)) as Partial<
    Record<ProductId, string>
  >;
}
