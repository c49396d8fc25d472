import { expect, gotoHydrated, test } from './fixtures';

test.describe('landing page', () => {
  test('shows every section with its content in the server HTML', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Dê ao seu Instagram o impulso que ele merece');
    expect(html).toContain('Perguntas frequentes');

    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Dê ao seu Instagram o impulso que ele merece',
    );
    for (const claim of ['50K+', '200K+', '100%', '24h'])
      await expect(page.getByText(claim, { exact: true })).toBeVisible();
    await expect(
      page.getByText('Resultados variam de perfil para perfil e não são garantidos.').first(),
    ).toBeVisible();

    const testimonials = page.getByRole('region', { name: 'Quem já deu o impulso' });
    await expect(testimonials.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: /Pacotes a partir de R\$ 10,90/ })).toBeVisible();

    const steps = page.locator('#como-funciona ol > li');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(1)).toContainText('Informe só o @ do Instagram');

    const comparison = page.getByRole('region', { name: 'Com e sem impulso' });
    for (const label of [
      'Alcance: 85 com impulso, 25 sem impulso',
      'Credibilidade: 92 com impulso, 30 sem impulso',
      'Oportunidades: 88 com impulso, 20 sem impulso',
      'Autoridade: 78 com impulso, 15 sem impulso',
    ]) {
      await expect(comparison.getByLabel(label)).toBeVisible();
    }
    for (const uplift of ['+300%', '+250%', '+400%', '+500%'])
      await expect(page.getByText(uplift)).toBeVisible();

    const support = page.getByRole('region', { name: 'Suporte 24/7 pelo WhatsApp' });
    await expect(support).toContainText('Segunda a sexta: 9h às 18h');
    await expect(support).toContainText('Sábado: 9h às 14h');
    await expect(support).toContainText('Nunca pedimos a senha do seu Instagram');

    const plans = page.locator('#planos');
    await expect(plans.getByRole('heading', { level: 3, name: 'Iniciante' })).toBeVisible();
    await expect(plans.getByText('Mais escolhido')).toBeVisible();
    await expect(plans.getByRole('link', { name: 'Assinar Simples' })).toHaveAttribute(
      'href',
      '/checkout?type=recurring&plan=simples',
    );
    await expect(plans.getByText('Garantia de satisfação de 7 dias')).toBeVisible();

    await expect(page.locator('#faq').getByRole('button')).toHaveCount(8);
    await expect(page.getByRole('heading', { name: 'Pronto para dar o próximo passo?' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('CNPJ 00.000.000/0001-00');
    await expect(footer.getByText('PIX', { exact: true })).toBeVisible();
    await expect(footer.getByText('CARTÃO', { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
  });

  test('FAQ opens one answer at a time, by mouse and by keyboard', async ({ page }) => {
    await gotoHydrated(page, '/#faq');
    const faq = page.locator('#faq');
    const first = faq.getByRole('button', { name: 'Vocês pedem a senha do meu Instagram?' });
    const second = faq.getByRole('button', { name: 'Em quanto tempo a entrega começa?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText('Precisamos apenas do @ do perfil')).toBeVisible();

    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText('Precisamos apenas do @ do perfil')).toBeHidden();

    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  test('header gains a shadow after 10 px of scroll', async ({ page }) => {
    await gotoHydrated(page, '/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const shadowless = await header.evaluate((el) => getComputedStyle(el).boxShadow);
    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe(shadowless);
    await expect(header).toBeInViewport();
  });

  test('header links: WhatsApp with a prefilled message and Consultar Compra', async ({ page }) => {
    await gotoHydrated(page, '/');
    const whatsapp = page.getByRole('banner').getByRole('link', { name: 'WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5511999999999\?text=Ol%C3%A1/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Consultar Compra' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

test.describe('mobile', () => {
  test('@mobile menu opens, navigates and closes', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Dúvidas' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#faq')).toBeInViewport();
  });

  test('@mobile page is not wider than a 360 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const url of ['/', '/precos?tipo=avulso', '/sobre', '/termos']) {
      await gotoHydrated(page, url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
  });
});
