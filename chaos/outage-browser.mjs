// The buyer's side of chaos/outage.mjs: a checkout in headless Chromium, as on a phone, up to the answer
// of "Gerar QR Code PIX" or "Finalizar Pagamento". Returns what the page shows and the order it stored.
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';

export async function openBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

/** One checkout of 1,000 followers by `method` ('pix' | 'card'); `email` is the buyer's. */
export async function browserCheckout(browser, base, { method, email }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR' });
  await context.addCookies([{ name: 'cookieConsent', value: 'rejected', url: base }]);
  const page = await context.newPage();
  try {
    await page.goto(`${base}/checkout?type=followers&amount=1000`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByLabel('Seu @ do Instagram').fill('@loja.da.ana');
    await page.getByLabel('Seu WhatsApp').pressSequentially('11912345678');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: method === 'pix' ? /^PIX/ : /^Cartão de crédito/ }).click();
    await page.getByLabel('Nome completo').fill('Ana Souza');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('CPF').pressSequentially('52998224725');
    if (method === 'card') {
      await page.getByLabel('Número do cartão').pressSequentially('4444444444444444');
      await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
      await page.getByLabel('CVV').fill('123');
      await page.getByLabel('Nome do titular (como no cartão)').fill('ana souza');
      // Asaas asks for the card holder's address.
      await page.getByLabel('CEP').pressSequentially('01310100');
      await page.getByLabel('Rua').fill('Av. Paulista');
      await page.getByLabel('Número', { exact: true }).fill('1000');
      await page.getByLabel('Bairro').fill('Bela Vista');
      await page.getByLabel('Cidade').fill('São Paulo');
      await page.getByLabel('UF').fill('SP');
    }
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/orders'), { timeout: 40_000 });
    const started = Date.now();
    await page
      .getByRole('button', { name: method === 'pix' ? 'Gerar QR Code PIX' : 'Finalizar Pagamento' })
      .click();
    const response = await answer;
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    return {
      status: response.status(),
      seconds: (Date.now() - started) / 1000,
      shown: (await alert.innerText()).trim(),
      orderId: (await response.json().catch(() => ({}))).orderId ?? null,
      stillAtCheckout: new URL(page.url()).pathname === '/checkout',
    };
  } catch (error) {
    const shot = `/tmp/outage-checkout-${method}.png`;
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`the ${method} checkout failed (screenshot: ${shot}): ${error.message}`);
  } finally {
    await context.close();
  }
}
