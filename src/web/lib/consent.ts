import { consentKey, parseConsent, type ConsentChoice } from '../../shared/consent';
import { readStorage, writeStorage } from './storage';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

const yearSeconds = 365 * 24 * 60 * 60;

/** The choice kept in the `cookieConsent` cookie (read by the server too). */
export function consentCookie(): ConsentChoice | null {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${consentKey}=`));
  return parseConsent(pair?.slice(consentKey.length + 1));
}

/** The cookie's choice, or one kept only in localStorage (chosen before the cookie existed). */
export function storedConsent(): ConsentChoice | null {
  return consentCookie() ?? parseConsent(readStorage('local', consentKey));
}

export function storeConsent(choice: ConsentChoice): void {
  writeStorage('local', consentKey, choice);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${consentKey}=${choice}; Path=/; Max-Age=${yearSeconds}; SameSite=Lax${secure}`;
}

/** Pushes to GTM's dataLayer only when the visitor accepted (docs/product.md#analytics-and-consent). */
export function pushDataLayer(event: Record<string, unknown>): void {
  if (storedConsent() !== 'accepted') return;
  const w = window as DataLayerWindow;
  (w.dataLayer ??= []).push(event);
}

let loaded = false;

/**
 * Loads the GTM container after 'Aceitar todos', with Consent Mode v2 defaults of denied that the
 * acceptance then updates to granted.
 */
export function loadTagManager(gtmId: string | null): void {
  if (!gtmId || loaded || storedConsent() !== 'accepted') return;
  loaded = true;
  const w = window as DataLayerWindow;
  const dataLayer = (w.dataLayer ??= []);
  // gtag() pushes the arguments object itself, which is what GTM expects for consent commands.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  const denied = 'denied';
  gtag('consent', 'default', {
    ad_storage: denied,
    ad_user_data: denied,
    ad_personalization: denied,
    analytics_storage: denied,
    wait_for_update: 500,
  });
  const granted = 'granted';
  gtag('consent', 'update', {
    ad_storage: granted,
    ad_user_data: granted,
    ad_personalization: granted,
    analytics_storage: granted,
  });
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}
