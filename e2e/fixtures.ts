import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Runs a test with its page watched for Content-Security-Policy violations (issue 14 §9): any one fails
 * the test, with what was blocked and where.
 */
async function watchingCsp(page: Page, use: (page: Page) => Promise<void>) {
  const violations: string[] = [];
  await page.exposeBinding('__cspViolation', (_source, text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation;
      report(
        `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} on ${e.documentURI}`,
      );
    });
  });
  await use(page);
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
}

/**
 * `page` with the cookie choice already made, so the banner does not cover what a test clicks;
 * `freshPage` is a visitor who has not chosen yet.
 */
export const test = base.extend<{ freshPage: import('@playwright/test').Page }>({
  page: async ({ page, baseURL }, use) => {
    await page.context().addCookies([{ name: 'cookieConsent', value: 'rejected', url: baseURL! }]);
    await watchingCsp(page, use);
  },
  freshPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await watchingCsp(page, use);
    await context.close();
  },
});

export { expect };

/**
 * What axe-core finds on the page (or in `within`), one line per rule broken. It runs in the page itself
 * (legacy mode): the default mode opens a blank page per check to combine the results of cross-origin
 * frames, which no page of the shop has, 2.4–3.0 s per check against 1.35 s (docs/architecture.md#test-time).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

/** Opens a page and waits for React to take it over, so a click is handled by the app. */
export async function gotoHydrated(page: import('@playwright/test').Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Waits for `check` on a page whose clock the test holds (`page.clock.install()` before it loads): each try
 * moves the page's clock past its next look at the order (every 5 s, src/web/features/orders/use-order.ts)
 * instead of waiting 5 s of real time for it. What the server does meanwhile (jobs, the panel's sync) runs
 * in real time.
 */
export async function untilPolled(page: Page, check: () => Promise<void>, timeout = 30_000): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(5_000);
    await check();
  }).toPass({ timeout, intervals: [250, 500, 1000] });
}

/** Today's date as the legal pages print it ('22 de novembro de 2026'), in São Paulo time. */
export function todayLong(): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date());
}

/**
 * The path (with its #fragment) of the newest link to `pathname` e-mailed to `to`, read from the SMTP
 * sink's log (e2e/mail-sink.mjs); waits for the job queue to send it.
 */
export async function emailedLink(to: string, pathname: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+(${pathname}#token=[A-Za-z0-9_-]+)`);
  return (await emailMatching(to, pattern)).match(pattern)![1]!;
}

/** The newest e-mail to `to` whose text (headers and body, as the mail sink logs it) matches, waited for. */
export async function emailMatching(to: string, pattern: RegExp): Promise<string> {
  const { existsSync, readFileSync } = await import('node:fs');
  const file = process.env.E2E_MAIL_LOG!;
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
        const mails = lines.map((line) => JSON.parse(line) as { to: string[]; text: string });
        found = mails.reverse().find((m) => m.to.includes(to) && pattern.test(m.text))?.text;
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/**
 * The tab holds the order's token, as the browser that placed it does (ADR 026): pages opened by the id
 * alone then show what only the buyer sees (ADR 041).
 */
export async function holdOrderToken(page: Page, orderId: string, token: string): Promise<void> {
  await page.addInitScript(
    ([id, value]) => window.sessionStorage.setItem(`impulso_order_access:${id}`, value!),
    [orderId, token],
  );
}

/** An order made through the API, as the checkout would send it (journeys that start after checkout). */
export async function apiOrder(
  request: import('@playwright/test').APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<{
  order: { id: string; purchaseCode: string };
  payment: { id: string } | null;
  orderId?: string;
  /** Proof for the order's writes (ADR 026): open `/order/{id}#acesso=<token>` to pay again or fix a link. */
  orderToken: string;
}> {
  const created = await request.post('/api/orders', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      item: { type: 'followers', amount: 500 },
      instagram: 'loja.da.ana',
      whatsapp: '11912345678',
      addOns: [],
      addOnLinks: {},
      name: 'Ana Souza',
      email: 'ana.api@exemplo.com',
      cpf: '52998224725',
      paymentMethod: 'pix',
      installments: 1,
      ...overrides,
    },
  });
  return created.json();
}

/**
 * Signs the operator in with the password admin:create set before the server started
 * (playwright.config.ts; chaos/proxy.mjs hands over its own): the session in the page's browser context,
 * through the sign-in API, two page loads fewer per journey than the form (docs/architecture.md#test-time),
 * which keeps its own journey in e2e/admin.spec.ts.
 */
export async function signInOperator(page: import('@playwright/test').Page) {
  const response = await page.request.post('/api/admin/login', {
    data: { email: 'dona@impulso.example', password: process.env.E2E_ADMIN_PASSWORD! },
  });
  expect(response.status()).toBe(200);
}

/** The operator signs in on /admin/login as a person does, and lands on /admin. */
export async function signInOperatorThroughForm(page: import('@playwright/test').Page) {
  const password = process.env.E2E_ADMIN_PASSWORD!;
  await gotoHydrated(page, '/admin/login');
  await page.getByLabel('E-mail').fill('dona@impulso.example');
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * A buyer's checkout of `checkoutPath` by PIX through the pages, paid with 'Simular pagamento'; returns the
 * order page's path with its access token (the link on the PIX screen).
 */
export async function buyByPixAndPay(
  page: Page,
  checkoutPath: string,
  buyer: { instagram: string; email: string },
): Promise<string> {
  await gotoHydrated(page, checkoutPath);
  await page.getByLabel('Seu @ do Instagram').fill(buyer.instagram);
  await page.getByLabel('Seu WhatsApp').pressSequentially('11912345678');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: /^PIX/ }).click();
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('E-mail').fill(buyer.email);
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  const orderHref = await page.getByRole('link', { name: 'Ver detalhes do pedido' }).getAttribute('href');
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page).toHaveURL(/\/success\?order_id=/);
  return orderHref!;
}
