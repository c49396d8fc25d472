/**
 * The visitor's cookie choice (docs/product.md#analytics-and-consent): kept in the browser under
 * `cookieConsent`, both in localStorage and in a first-party cookie of that name, which the server reads to
 * put the banner in the page's HTML only for visitors who have not chosen yet (so it paints with the page,
 * issue 14 §8).
 */
export const consentKey = 'cookieConsent';

export type ConsentChoice = 'accepted' | 'rejected';

export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  return value === 'accepted' || value === 'rejected' ? value : null;
}
