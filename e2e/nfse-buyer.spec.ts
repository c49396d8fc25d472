import { request as apiRequest, type Page } from '@playwright/test';
import type { FakeInvoice } from '../tests/fake-asaas/fake-asaas-server';
import { shopOwner, startAsaasShop, type AsaasShop } from './asaas-shop';
import { expect, gotoHydrated, test, untilPolled } from './fixtures';

// Issue 27 §3 and §4, the buyer's side of the NFS-e, on a shop of its own paid through a fake Asaas
// (e2e/asaas-shop.ts): an agency asks at checkout for the invoice in its company's name, pays by PIX, the
// city hall authorises the invoice (Asaas's webhook), and the order page it is watching offers the PDF and
// the XML. Deliveries are done by hand here, so the order stays "Processando" and its page follows it.
const company = { cnpj: '11222333000181', masked: '11.222.333/0001-81', name: 'Agência Exemplo Ltda' };
let shop: AsaasShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A fresh database migrates and the pages prewarm while the other journeys load both cores.
  test.setTimeout(120_000);
  shop = await startAsaasShop({
    webhookToken: 'whsec_e2e_nfse_buyer_0123456789abcdefgh',
    dataPrefix: 'impulso-e2e-nfse-buyer-',
    env: { FULFILMENT_PROVIDER: 'manual' },
  });
  // The owner has set invoicing up (e2e/nfse-panel.spec.ts goes through the panel's screens).
  const owner = await apiRequest.newContext({ baseURL: shop.base });
  const answers = [
    await owner.post('/api/admin/login', { data: shopOwner }),
    await owner.post('/api/admin/fiscal', {
      data: { email: 'fiscal@impulso.com.br', simplesNacional: true, username: 'impulso', password: 'x-41' },
    }),
    await owner.patch('/api/admin/invoice-settings', {
      data: {
        enabled: true,
        issueOn: 'payment',
        municipalServiceId: '102',
        municipalServiceCode: null,
        municipalServiceName: 'Agenciamento de propaganda e publicidade',
        descriptionTemplate: '{servico} (pedido {pedido})',
        retainIss: false,
        issBasisPoints: 500,
        pisBasisPoints: 0,
        cofinsBasisPoints: 0,
        csllBasisPoints: 0,
        inssBasisPoints: 0,
        irBasisPoints: 0,
        cancelOnRefund: true,
      },
    }),
  ];
  expect(answers.map((a) => a.status())).toEqual([200, 200, 200]);
  await owner.dispose();
});
test.afterAll(() => shop.stop());

/** Step 1 with "Precisa de nota em nome de empresa?": a wrong check digit is refused, then fixed. */
async function companyAtCheckout(page: Page) {
  await page.getByLabel('Seu @ do Instagram').fill('@agencia.exemplo');
  await page.getByLabel('Seu WhatsApp').pressSequentially('11912345678');
  await page.getByLabel('Precisa de nota em nome de empresa?').check();
  const cnpj = page.getByLabel('CNPJ');
  await cnpj.pressSequentially('11222333000182');
  await page.getByLabel('Razão social').fill(company.name);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('CNPJ inválido. Confira os números.')).toBeVisible();
  await cnpj.clear();
  await cnpj.pressSequentially(company.cnpj);
  await expect(cnpj).toHaveValue(company.masked);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test('a company invoice asked at checkout: paid, issued, and its PDF and XML on /order', async ({ page }) => {
  test.setTimeout(90_000);
  const { base, fake } = shop;
  await page.context().addCookies([{ name: 'cookieConsent', value: 'rejected', url: base }]);
  // The city hall takes its time: Asaas answers SYNCHRONIZED and tells the outcome by webhook.
  fake.fiscal.cityHall.issue = { kind: 'held' };

  await gotoHydrated(page, `${base}/checkout?type=followers&amount=1000`);
  await companyAtCheckout(page);
  await page.getByRole('button', { name: /^PIX/ }).click();
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('E-mail').fill('ana.agencia@exemplo.com');
  await page.getByLabel('CPF').pressSequentially('52998224725');
  const placing = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.status() === 201);
  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  const orderId = ((await (await placing).json()) as { order: { id: string } }).order.id;
  await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();

  // The charge's customer at Asaas, and so the invoice's taker, is the company.
  const charge = [...fake.payments.values()].find((p) => p.externalReference === orderId)!;
  expect(fake.customers.get(charge.customer)).toMatchObject({ cpfCnpj: company.cnpj, name: company.name });

  // The buyer pays in the bank's app; Asaas tells the shop, and the page that waits moves on.
  await shop.pay(orderId);
  // The PIX page asks the shop every 4 s: a bound, not a wait.
  await expect(page.getByText('Pagamento confirmado! Redirecionando…')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/success\?order_id=/);
  // The page's clock is the test's from here: the order page's looks come when the test moves it.
  await page.clock.install();
  await page.getByRole('link', { name: 'Ver detalhes do pedido agora' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  await expect(page.getByText('Pagamento Recebido', { exact: true })).toBeVisible();
  await expect(page.getByText(/^(Processando|Em entrega)$/).first()).toBeVisible();

  // The invoice was sent to the city hall for the company: on its way.
  let invoice: FakeInvoice | undefined;
  await expect
    .poll(() => (invoice = [...fake.fiscal.invoices.values()].find((i) => i.payment === charge.id))?.status)
    .toBe('SYNCHRONIZED');
  expect(invoice!.customer).toBe(charge.customer);
  await expect(page.getByRole('form', { name: 'Nota fiscal' })).toContainText(
    'Nota fiscal: a caminho. Enviamos os links por e-mail assim que for emitida.',
  );

  // The city hall authorises it; Asaas's webhooks reach the shop.
  fake.fiscal.decide(invoice!.id, 'issue', { kind: 'accepted' });
  for (const event of fake.events.splice(0).filter((e) => e.invoice))
    expect((await shop.webhook(event)).status).toBe(200);

  // The page following the order shows the links at its next look at the order.
  const links = page.getByTestId('invoice-links');
  await untilPolled(page, () =>
    expect(links).toHaveText(`Nota fiscal nº ${invoice!.number}: baixar PDF · baixar XML`, {
      timeout: 1_000,
    }),
  );
  const pdf = links.getByRole('link', { name: 'baixar PDF' });
  const xml = links.getByRole('link', { name: 'baixar XML' });
  await expect(pdf).toHaveAttribute('href', invoice!.pdfUrl!);
  await expect(pdf).toHaveAttribute('target', '_blank');
  await expect(xml).toHaveAttribute('href', invoice!.xmlUrl!);

  // Asaas's files, served here as Asaas would: the PDF opens in a tab of its own. The headless shell has
  // no PDF viewer and saves it instead of showing it, so the tab is checked to have fetched it.
  const served: string[] = [];
  await page.context().route('https://sandbox.asaas.com/invoices/**', (route) => {
    served.push(route.request().url());
    return route.fulfill(
      route.request().url().endsWith('.pdf')
        ? { contentType: 'application/pdf', body: '%PDF-1.4\n%%EOF\n' }
        : { contentType: 'application/xml', body: `<NFSe><Numero>${invoice!.number}</Numero></NFSe>` },
    );
  });
  const opening = page.waitForEvent('popup');
  await pdf.click();
  const tab = await opening;
  await expect.poll(() => served).toContain(invoice!.pdfUrl!);
  await tab.close();
  const openingXml = page.waitForEvent('popup');
  await xml.click();
  const xmlTab = await openingXml;
  await expect(xmlTab).toHaveURL(invoice!.xmlUrl!);
  await expect(xmlTab.locator('body')).toContainText(invoice!.number!);
});
