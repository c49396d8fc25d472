import { expect, gotoHydrated, test } from './fixtures';

test.describe('cookie consent', () => {
  test('the choice persists over a reload, and rejecting loads no tag manager', async ({
    freshPage: page,
  }) => {
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
});
