import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures';

const bannerMarkup = 'aria-label="Preferências de cookies"';
const consentCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'cookieConsent')?.value;

test.describe('cookie consent', () => {
  test('the choice persists over a reload, and rejecting loads no tag manager', async ({
    freshPage: page,
  }) => {
    // A first visit gets the banner in the server's HTML, so it paints with the page (issue 14 §8).
    expect(await (await page.request.get('/')).text()).toContain(bannerMarkup);
    await gotoHydrated(page, '/');
    const banner = page.getByRole('region', { name: 'Preferências de cookies' });
    await expect(banner).toBeVisible();
    const reject = banner.getByRole('button', { name: 'Rejeitar' });
    const accept = banner.getByRole('button', { name: 'Aceitar todos' });
    // Equally prominent: the same size.
    const [r, a] = [await reject.boundingBox(), await accept.boundingBox()];
    expect(Math.abs(r!.height - a!.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(r!.width - a!.width)).toBeLessThanOrEqual(24);

    await reject.click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('rejected');
    expect(await consentCookie(page)).toBe('rejected');
    expect(await (await page.request.get('/')).text()).not.toContain(bannerMarkup);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
  });

  test('accepting loads the tag manager with Consent Mode defaults of denied, and is remembered', async ({
    freshPage: page,
  }) => {
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ body: '', contentType: 'text/javascript' }),
    );
    await gotoHydrated(page, '/sobre');
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Aceitar todos' }).click();
    await expect(page.locator('script[src*="googletagmanager.com/gtm.js?id=GTM-E2ETEST"]')).toHaveCount(1);
    const consent = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
        .filter((entry) => entry[0] === 'consent')
        .map((entry) => [entry[1], (entry[2] as Record<string, string>).analytics_storage]),
    );
    expect(consent).toEqual([
      ['default', 'denied'],
      ['update', 'granted'],
    ]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preferências de cookies' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
  });

  test('a choice kept only in localStorage (before the cookie) hides the banner and moves to the cookie', async ({
    freshPage: page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'rejected'));
    await gotoHydrated(page, '/precos');
    await expect(page.getByRole('region', { name: 'Preferências de cookies' })).toBeHidden();
    expect(await consentCookie(page)).toBe('rejected');
    expect(await (await page.request.get('/precos')).text()).not.toContain(bannerMarkup);
  });
});

// Issue 25 §5: the tag-manager `contact` event (docs/product.md#analytics-and-consent), when a buyer opens a
// WhatsApp link.
test('opening a WhatsApp link pushes the contact event (method whatsapp) once cookies are accepted', async ({
  freshPage: page,
}) => {
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'ok' }));
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ body: '', contentType: 'text/javascript' }),
  );
  await gotoHydrated(page, '/contato');
  await page.getByRole('button', { name: 'Aceitar todos' }).click();
  const opened = page.context().waitForEvent('page');
  await page.locator('footer a[href^="https://wa.me/"]').first().click();
  await (await opened).close();
  const contacts = await page.evaluate(() =>
    ((window as unknown as { dataLayer: Array<Record<string, unknown>> }).dataLayer ?? []).filter(
      (entry) => entry.event === 'contact',
    ),
  );
  expect(contacts).toEqual([{ event: 'contact', method: 'whatsapp' }]);
});
