import { expect, gotoHydrated, test, todayLong } from './fixtures';

const legalPages = [
  ['/privacidade', 'Política de Privacidade'],
  ['/termos', 'Termos de Uso'],
  ['/reembolso', 'Política de Reembolso'],
  ['/entrega', 'Prazos de Entrega'],
  ['/cookies', 'Política de Cookies'],
  ['/disclaimer', 'Aviso Legal'],
  ['/contato', 'Contato'],
] as const;

test.describe('legal and info pages', () => {
  for (const [path, title] of legalPages) {
    test(`${path} has its title, today's date and a link back home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByTestId('date-stamp')).toHaveText(`Atualizado em ${todayLong()}`);
      await expect(page).toHaveTitle(`${title} | Impulso`);
      await page.getByRole('link', { name: '← Voltar ao início' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('refund times per method are stated', async ({ page }) => {
    await page.goto('/reembolso');
    await expect(page.getByRole('row', { name: /PIX 1 a 2 dias úteis/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Cartão de crédito 5 a 10 dias úteis/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Cartão de débito 3 a 7 dias úteis/ })).toBeVisible();
  });
});

test.describe('404', () => {
  test('an unknown path answers 404 with the page and a link home', async ({ page }) => {
    const response = await page.goto('/isto-nao-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Dê ao seu Instagram o impulso que ele merece',
    );
  });

  test('unknown API paths answer JSON 404', async ({ request }) => {
    const response = await request.get('/api/isto-nao-existe');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ code: 'not_found', message: 'Recurso não encontrado.' });
  });
});

test.describe('/sobre', () => {
  test('is served with its content', async ({ page }) => {
    await page.goto('/sobre');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre a Impulso');
    await expect(page.getByRole('heading', { name: 'No que acreditamos' })).toBeVisible();
  });
});

test.describe('funnel events', () => {
  test('a visitor is recorded once per browser session', async ({ page }) => {
    const visits: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/events') && req.postDataJSON().etapa === 'visitante') {
        visits.push(req.url());
      }
    });
    await page.goto('/');
    await expect.poll(() => visits.length).toBe(1);
    await gotoHydrated(page, '/sobre');
    await page.reload();
    // Hydrated again: the app has had its chance to send a second visit.
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(visits).toHaveLength(1);
    expect(await page.evaluate(() => sessionStorage.getItem('visitor_tracked'))).toBe('1');
  });

  test('a failing events endpoint does not break the page', async ({ page }) => {
    await page.route('**/api/events', (route) => route.abort());
    await gotoHydrated(page, '/precos?tipo=avulso');
    await page.getByRole('link', { name: 'Comprar 500 seguidores por R$ 45,90' }).click();
    await expect(page.getByRole('dialog', { name: '500 seguidores' })).toBeVisible();
  });
});

test.describe('how pages start their scripts', () => {
  test('content pages start them after load, pages with forms after the first paint, inside the CSP', async ({
    page,
    request,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await gotoHydrated(page, '/');
    expect(violations).toEqual([]);
    // Hydrated: the FAQ answers open.
    const question = page.getByRole('button', { name: 'Vocês pedem a senha do meu Instagram?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');

    const home = await (await request.get('/')).text();
    expect(home).not.toContain('<script type="module"');
    expect(home).toContain('data-entry="/assets/');
    expect(home).toContain('data-start="load"');
    const checkout = await (await request.get('/checkout?type=followers&amount=1000')).text();
    expect(checkout).not.toContain('<script type="module"');
    expect(checkout).not.toContain('<link rel="modulepreload"');
    expect(checkout).toContain('data-start="paint"');
  });
});

test.describe('server markup', () => {
  test('matches what the browser renders, query parameters included (no hydration error)', async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const url of [
      '/precos?tipo=avulso',
      '/precos?tipo=planos&utm_source=instagram',
      '/?utm_source=ig',
    ]) {
      await gotoHydrated(page, url);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
    // The cached page for ?tipo=avulso is the one-time catalogue, not the chooser.
    expect(await (await request.get('/precos?tipo=avulso&utm_source=x')).text()).toContain(
      'Comprar 500 seguidores por R$ 45,90',
    );
  });
});

test('the sandbox shows "Modo de teste" on every kind of page, above the header (docs/product.md#test-mode)', async ({
  page,
}) => {
  for (const url of [
    '/',
    '/precos',
    '/termos',
    '/checkout?type=followers&amount=1000',
    '/login',
    '/admin/login',
  ]) {
    await page.goto(url);
    const banner = page.getByRole('complementary', { name: 'Modo de teste' });
    await expect(banner, url).toHaveText('Modo de teste: nenhum pagamento é real');
    await expect(banner, url).toBeVisible();
    const header = page.locator('header').first();
    if (await header.count()) {
      const [bannerBox, headerBox] = [await banner.boundingBox(), await header.boundingBox()];
      expect(headerBox!.y, url).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height - 1);
    }
  }
});

test.describe('client-side navigation', () => {
  test('back and forward return to where the reader was', async ({ page }) => {
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await gotoHydrated(page, '/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(scrollY).toBe(1500);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sobre' }).click();
    await expect(page).toHaveURL(/\/sobre$/);
    await expect.poll(scrollY).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    // The position is written to the history entry 100 ms after scrolling stops.
    await expect
      .poll(() => page.evaluate(() => (history.state as { scrollY?: number } | null)?.scrollY))
      .toBe(300);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(scrollY).toBe(1500);
    await page.goForward();
    await expect(page).toHaveURL(/\/sobre$/);
    await expect.poll(scrollY).toBe(300);
  });

  test('a page chunk that fails to load falls back to a full page load, with no unhandled error', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let failed = false;
    await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort();
    });
    await gotoHydrated(page, '/');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // The fallback is a new document: its load event, after the one gotoHydrated waited for.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sobre' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/sobre$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Sobre a/ })).toBeVisible();
    expect(failed).toBe(true);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
    expect(errors).toEqual([]);
  });
});
