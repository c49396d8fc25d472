import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeAsaas, type FakeAsaas } from '../tests/fake-asaas/fake-asaas-server';
import { orderRequest } from '../tests/helpers/order-request';
import AxeBuilder from '@axe-core/playwright';
import { expect, gotoHydrated, test } from './fixtures';

// Issue 27 §1 and §3, the panel's NFS-e: a shop of its own paid through a fake Asaas (the shared e2e
// server uses the sandbox provider, which has no fiscal side). The owner turns invoicing on, sees what the
// city requires, sends the fiscal form (the city's password goes to Asaas once and is found nowhere in
// the shop's files or log), picks the municipal service, and finds the invoices in "Notas fiscais" with a
// working filter, the CSV and "Tentar de novo".
const adminEmail = 'dona@impulso.example';
const adminPassword = 'lagarto-roxo-no-telhado-27';
const cityPassword = 'Prefeitura-Senha-e2e-41x';
const webhookToken = 'whsec_e2e_nfse_0123456789abcdefghijkl';
const dataDir = mkdtempSync(path.join(tmpdir(), 'impulso-e2e-nfse-'));
let fake: FakeAsaas;
let server: ChildProcess;
let base = '';
let log = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A fresh database migrates and the pages prewarm while the other journeys load both cores.
  test.setTimeout(120_000);
  fake = await startFakeAsaas();
  base = `http://127.0.0.1:${await freePort()}`;
  const env = {
    ...process.env,
    PORT: new URL(base).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: adminEmail,
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    PAYMENT_PROVIDER: 'asaas',
    ASAAS_API_URL: fake.url,
    ASAAS_API_KEY: fake.apiKey,
    ASAAS_WEBHOOK_TOKEN: webhookToken,
  };
  const shop = `node dist/server/admin-create.js --email=${adminEmail} --password=${adminPassword} && node dist/server/main.js`;
  server = spawn('sh', ['-c', shop], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 110_000 },
    )
    .toBe(200);
});
test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  }
  await fake.close();
});

/** A PIX order placed and paid (Asaas's webhook), as a buyer and Asaas would. */
async function paidOrder(name: string, email: string) {
  const placed = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(orderRequest({ name, email })),
  });
  expect(placed.status).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
  const charge = [...fake.payments.values()].find((p) => p.externalReference === orderId)!;
  charge.status = 'RECEIVED';
  const paid = await fetch(`${base}/api/webhooks/asaas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'asaas-access-token': webhookToken },
    body: JSON.stringify({ id: `evt_paid_${orderId}`, event: 'PAYMENT_RECEIVED', payment: { ...charge } }),
  });
  expect(paid.status).toBe(200);
  return orderId;
}

const everyFile = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? everyFile(full) : [full];
  });

test('the owner sets up NFS-e and finds the invoices in "Notas fiscais"', async ({ page }) => {
  test.setTimeout(90_000);
  // The cookie choice made, as the fixture does for the shared server.
  await page.context().addCookies([{ name: 'cookieConsent', value: 'rejected', url: base }]);
  await gotoHydrated(page, `${base}/admin/login`);
  await page.getByLabel('E-mail').fill(adminEmail);
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Nota fiscal' }).click();
  await expect(page).toHaveURL(/\/admin\/nota-fiscal$/);

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

  // The accountant's CSV of what is filtered.
  const downloading = page.waitForEvent('download');
  await list.getByRole('link', { name: 'Exportar CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv.startsWith('\uFEFFdata_nota;numero;situacao;valor_reais;')).toBe(true);
  expect(csv).toContain(';Emitida;85,90;');
  expect(csv).toContain('Ana Emitida');
  expect(csv).not.toContain('Bruno Recusado');

  await page.screenshot({
    path: path.resolve('test-results/screenshots/admin-nota-fiscal.png'),
    fullPage: true,
  });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  // The refusal, with Asaas's words, sent again once the cause is fixed.
  await list.getByLabel('Situação').selectOption({ label: 'Com erro' });
  const refused = list.getByRole('row', { name: /Bruno Recusado/ });
  await expect(refused).toContainText('Inscrição municipal inválida.');
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
  expect(log).toContain('/api/admin/fiscal');
  expect(log).not.toContain(cityPassword);
  for (const file of everyFile(dataDir))
    expect(readFileSync(file, 'latin1'), file).not.toContain(cityPassword);
});
