import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatDateTime } from '#shared/dates.ts';
import { orderRequest } from '../tests/helpers/order-request';
import { shopOwner, startAsaasShop, type AsaasShop } from './asaas-shop';
import type { Page } from '@playwright/test';
import { axeViolations, expect, gotoHydrated, test } from './fixtures';

// Issue 27 §1 and §3, the panel's NFS-e, on a shop of its own paid through a fake Asaas (e2e/asaas-shop.ts).
// The owner turns invoicing on, sees what the city requires, sends the fiscal form (the city's password
// goes to Asaas once and is found nowhere in the shop's files or log), picks the municipal service, and
// finds the invoices in "Notas fiscais" with a working filter, the CSV and "Tentar de novo".
const adminEmail = shopOwner.email;
const adminPassword = shopOwner.password;
const cityPassword = 'Prefeitura-Senha-e2e-41x';
let shop: AsaasShop;
let fake: AsaasShop['fake'];
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A fresh database migrates and the pages prewarm while the other journeys load both cores.
  test.setTimeout(120_000);
  shop = await startAsaasShop({
    webhookToken: 'whsec_e2e_nfse_0123456789abcdefghijkl',
    dataPrefix: 'impulso-e2e-nfse-',
  });
  ({ fake, base } = shop);
});
test.afterAll(() => shop.stop());

/** A PIX order placed and paid (Asaas's webhook), as a buyer and Asaas would. */
async function paidOrder(name: string, email: string) {
  const placed = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(orderRequest({ name, email })),
  });
  expect(placed.status).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
  await shop.pay(orderId);
  return orderId;
}

const everyFile = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? everyFile(full) : [full];
  });

/** The owner signed in and on "Nota fiscal". */
async function toInvoicing(page: Page) {
  // The cookie choice made, as the fixture does for the shared server.
  await page.context().addCookies([{ name: 'cookieConsent', value: 'rejected', url: base }]);
  await gotoHydrated(page, `${base}/admin/login`);
  await page.getByLabel('E-mail').fill(adminEmail);
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Nota fiscal' }).click();
  await expect(page).toHaveURL(/\/admin\/nota-fiscal$/);
}

test('the owner sets up NFS-e and finds the invoices in "Notas fiscais"', async ({ page }) => {
  test.setTimeout(90_000);
  await toInvoicing(page);

  // What the city requires, read from Asaas through the shop.
  const city = page.getByTestId('prefeitura');
  await expect(city).toContainText('Acesso: usuário e senha da prefeitura');
  await expect(city).toContainText('A inscrição municipal consta no cadastro da prefeitura.');
  await expect(page.getByTestId('no-asaas')).toContainText('Nenhum dado fiscal enviado ainda.');

  // The fiscal form, sent as multipart by the server; the password passes once.
  await page.getByLabel('E-mail fiscal').fill('fiscal@impulso.com.br');
  await page.getByLabel('Inscrição municipal').fill('1234567');
  await page.getByLabel('CNAE').fill('7311-4/00');
  await page.getByLabel('Regime especial de tributação').selectOption({ label: 'Microempresa municipal' });
  await page.getByLabel('Série do RPS').fill('A1');
  await page.getByLabel('Próximo número do RPS').fill('41');
  await page.getByLabel('Optante do Simples Nacional').check();
  await page.getByLabel('Usuário da prefeitura').fill('impulso');
  await page.getByLabel('Senha da prefeitura').fill(cityPassword);
  await page.getByRole('button', { name: 'Enviar dados fiscais ao Asaas' }).click();
  await expect(page.getByText('Dados fiscais enviados ao Asaas.')).toBeVisible();
  await expect(page.getByTestId('no-asaas')).toContainText('Acesso à prefeitura enviado: senha');
  await expect(page.getByTestId('no-asaas')).toContainText('CNAE: 7311400');
  await expect(page.getByLabel('Senha da prefeitura (já enviada; em branco, mantém)')).toHaveValue('');
  const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/v3/fiscalInfo/')!;
  expect(sent.headers['content-type']).toMatch(/^multipart\/form-data/);
  expect(fake.fiscal.secretsReceived).toEqual([cityPassword]);

  // The municipal service from the look-up, the rates, and invoicing on.
  await page.getByLabel('Emitir nota fiscal (NFS-e) para cada venda').check();
  await page.getByLabel('Buscar serviço municipal').fill('publicidade');
  await page.getByRole('button', { name: 'Buscar serviço' }).click();
  await page.getByRole('button', { name: 'Escolher Agenciamento de propaganda e publicidade' }).click();
  await expect(page.getByTestId('servico-escolhido')).toHaveText(
    'Agenciamento de propaganda e publicidade (102)',
  );
  await expect(page.getByLabel('ISS', { exact: true })).toHaveValue('5');
  await page.getByLabel('PIS', { exact: true }).fill('0,65');
  await page.getByRole('button', { name: 'Salvar nota fiscal' }).click();
  await expect(page.getByText('Salvo. A nota fiscal está ligada.')).toBeVisible();

  // Two sales: the city hall issues one and refuses the other.
  await paidOrder('Ana Emitida', 'ana.nfse@exemplo.com');
  await expect.poll(() => [...fake.fiscal.invoices.values()].map((i) => i.status)).toEqual(['AUTHORIZED']);
  fake.fiscal.cityHall.issue = { kind: 'refused', description: 'Inscrição municipal inválida.' };
  await paidOrder('Bruno Recusado', 'bruno.nfse@exemplo.com');
  const caio = await paidOrder('Caio Recusado', 'caio.nfse@exemplo.com');
  await expect
    .poll(
      async () => (await (await page.request.get(`${base}/api/admin/invoices?status=ERROR`)).json()).total,
    )
    .toBe(2);

  await page.reload();
  const list = page.getByRole('region', { name: 'Notas fiscais' });
  await expect(list.getByRole('row')).toHaveCount(4);
  await list.getByLabel('Situação').selectOption({ label: 'Emitida' });
  await expect(list.getByRole('row')).toHaveCount(2);
  const issued = list.getByRole('row', { name: /Ana Emitida/ });
  await expect(issued).toContainText('Emitida');
  await expect(issued).toContainText('R$ 85,90');
  await expect(issued.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\.pdf$/);
  // "Emitida em": the moment the authorisation was recorded, in São Paulo time, beside the invoice's date.
  await expect(list.getByRole('columnheader', { name: 'Emitida em' })).toBeVisible();
  const [anas] = (await (await page.request.get(`${base}/api/admin/invoices?status=AUTHORIZED`)).json())
    .invoices as Array<{ issuedAt: string }>;
  await expect(issued.getByRole('cell').nth(1)).toHaveText(formatDateTime(new Date(anas!.issuedAt)));

  // The accountant's CSV of what is filtered.
  const downloading = page.waitForEvent('download');
  await list.getByRole('link', { name: 'Exportar CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv.startsWith('\uFEFFdata_nota;emitida_em;numero;situacao;valor_reais;')).toBe(true);
  expect(csv).toContain(';Emitida;85,90;');
  expect(csv).toContain('Ana Emitida');
  expect(csv).not.toContain('Bruno Recusado');

  await page.screenshot({
    path: path.resolve('test-results/screenshots/admin-nota-fiscal.png'),
    fullPage: true,
  });
  expect(await axeViolations(page)).toEqual([]);

  // The refusal, with Asaas's words, sent again once the cause is fixed.
  await list.getByLabel('Situação').selectOption({ label: 'Com erro' });
  const refused = list.getByRole('row', { name: /Bruno Recusado/ });
  await expect(refused).toContainText('Inscrição municipal inválida.');
  await expect(refused.getByRole('cell').nth(1)).toHaveText('—');
  await expect(list.getByRole('row', { name: /Ana Emitida/ })).toHaveCount(0);
  fake.fiscal.cityHall.issue = { kind: 'accepted' };
  // Caio's was sent again from another tab meanwhile: this screen says so instead of failing silently.
  const elsewhere = await page.request.post(`${base}/api/admin/orders/${caio}/invoice/retry`);
  expect(elsewhere.status()).toBe(200);
  const stale = list.getByRole('row', { name: /Caio Recusado/ });
  await stale.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(stale.getByRole('alert')).toHaveText('Só uma nota fiscal com erro pode ser tentada de novo.');
  await refused.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(refused).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${base}/api/admin/invoices?status=AUTHORIZED`)).json()).total,
    )
    .toBe(3);
  expect(fake.fiscal.invoices.size).toBe(3);

  // The city's password is in no file of the shop and not in its log.
  expect(shop.log()).toContain('/api/admin/fiscal');
  expect(shop.log()).not.toContain(cityPassword);
  for (const file of everyFile(shop.dataDir))
    expect(readFileSync(file, 'latin1'), file).not.toContain(cityPassword);
});

test('a company outside Simples Nacional picks the IBS/CBS classification from Asaas’s look-ups', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await toInvoicing(page);
  // The company leaves Simples Nacional (issue 44: IBS/CBS in every invoice since 01/01/2026).
  await page.getByLabel('Optante do Simples Nacional').uncheck();
  await page.getByRole('button', { name: 'Enviar dados fiscais ao Asaas' }).click();
  await expect(page.getByText('Dados fiscais enviados ao Asaas.')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar nota fiscal' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'não é optante do Simples Nacional' }),
  ).toContainText('o código NBS do serviço, a situação tributária do IBS/CBS (CST)');

  const pick = async (name: string, query: string, choice: RegExp) => {
    await page.getByLabel(`Buscar ${name}`).fill(query);
    await page.getByRole('button', { name: `Buscar ${name}` }).click();
    await page
      .getByRole('list', { name: `Códigos encontrados: ${name}` })
      .getByRole('button', { name: choice })
      .click();
  };
  await pick('código NBS', 'publicidade', /Escolher 1\.1502\.10\.00/);
  // The classification names its tax situation: the CST is filled with it.
  await pick('classificação tributária (cClassTrib)', 'integralmente', /Escolher 000001/);
  await pick('indicador da operação', 'prestador', /Escolher 100301/);
  const chosen = page.getByTestId('classificacao-escolhida');
  await expect(chosen).toContainText('código NBS: 1.1502.10.00');
  await expect(chosen).toContainText('situação tributária (CST): 000');
  await expect(chosen).toContainText('classificação tributária (cClassTrib): 000001');
  await expect(chosen).toContainText('indicador da operação: 100301');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Salvar nota fiscal' }).click();
  await expect(page.getByText('Salvo. A nota fiscal está ligada.')).toBeVisible();

  await paidOrder('Dora Reforma', 'dora.nfse@exemplo.com');
  await expect
    .poll(() => [...fake.fiscal.invoices.values()].find((i) => i.taxes.nbsCode)?.status)
    .toBe('AUTHORIZED');
  const classified = [...fake.fiscal.invoices.values()].find((i) => i.taxes.nbsCode)!;
  expect(classified.taxes).toMatchObject({
    nbsCode: '1.1502.10.00',
    taxSituationCode: '000',
    taxClassificationCode: '000001',
    operationIndicatorCode: '100301',
  });
});
