import { expect, gotoHydrated, signInOperator, test } from './fixtures';

test.describe('landing page', () => {
  // One at a time: the last test edits what the others read (Issue 25 §4).
  test.describe.configure({ mode: 'serial' });

  test('shows every section with its content in the server HTML', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Dê ao seu Instagram o impulso que ele merece');
    expect(html).toContain('Perguntas frequentes');

    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Dê ao seu Instagram o impulso que ele merece',
    );
    for (const claim of ['100%', '24h']) await expect(page.getByText(claim, { exact: true })).toBeVisible();
    // A new shop claims no numbers until the owner shows real ones (issue 46 §4).
    await expect(page.getByText('perfis atendidos')).toHaveCount(0);
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

  test('the owner shows, then hides, the shop’s numbers; the landing, /sobre and the FAQ follow', async ({
    page,
  }) => {
    // The owner's whole round trip through the panel and three pages: the slow-test budget.
    test.slow();
    await signInOperator(page);
    await gotoHydrated(page, '/admin/configuracoes');
    await page.getByText('Números da loja').click();
    await expect(page.getByTestId('claims-state')).toContainText('Ocultos: a loja não mostra números.');
    await expect(page.getByLabel('Perfis (número)')).toHaveValue('');
    const show = page.getByLabel('Mostrar os números na página inicial e em /sobre');
    await expect(show).not.toBeChecked();
    // Shown without the figures: refused, saying what to fill.
    await show.check();
    await page.getByRole('button', { name: 'Salvar números' }).click();
    await expect(page.getByText(/^Preencha cada número e texto/)).toBeVisible();
    await page.getByLabel('Perfis (número)').fill('1.200');
    await page.getByLabel('Perfis (texto)').fill('clientes atendidos');
    await page.getByLabel('Interações (número)').fill('80 mil');
    await page.getByLabel('Em /sobre: “Desde o início já atendemos …”').fill('mais de mil perfis');
    await page.getByRole('button', { name: 'Salvar números' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Salvo.' })).toBeVisible();

    await gotoHydrated(page, '/');
    await expect(page.getByText('1.200', { exact: true })).toBeVisible();
    await expect(page.getByText('clientes atendidos', { exact: true })).toBeVisible();
    await gotoHydrated(page, '/sobre');
    await expect(page.getByText(/Desde o início já atendemos mais de mil perfis/)).toBeVisible();

    await gotoHydrated(page, '/admin/configuracoes');
    await page.getByText('Números da loja').click();
    await page.getByLabel('Mostrar os números na página inicial e em /sobre').uncheck();
    await page.getByRole('button', { name: 'Salvar números' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Salvo.' })).toBeVisible();
    await gotoHydrated(page, '/');
    await expect(page.getByText('clientes atendidos')).toHaveCount(0);
    await expect(page.getByText('seguro: sem pedir senha')).toBeVisible();

    // The guarantee the owner sets per product is what the FAQ says, and none rather than "0 dias".
    await gotoHydrated(page, '/admin/catalogo');
    const likes = page.getByLabel('Garantia de reposição (dias)').nth(1);
    await likes.fill('0');
    await likes.locator('xpath=ancestor::form').getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Salvo.' }).first()).toBeVisible();
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Há garantia de reposição?' }).click();
    await expect(
      page.getByText(
        'Garantia de reposição: 30 dias para seguidores e 15 dias para visualizações; curtidas sem garantia de reposição. Basta nos chamar no WhatsApp.',
      ),
    ).toBeVisible();
    // Back to the opening values: the other landing tests read them.
    await gotoHydrated(page, '/admin/catalogo');
    await page.getByLabel('Garantia de reposição (dias)').nth(1).fill('15');
    await page
      .getByLabel('Garantia de reposição (dias)')
      .nth(1)
      .locator('xpath=ancestor::form')
      .getByRole('button', { name: 'Salvar' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Salvo.' }).first()).toBeVisible();
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
