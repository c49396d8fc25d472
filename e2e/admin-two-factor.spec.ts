import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { base32Decode, hotp, totpStep } from '#server/admin/totp.ts';
import { axeViolations, expect, gotoHydrated, test } from './fixtures';

// Issue 24 §5, §9: a shop of its own on a fresh embedded database (the shared e2e server's operator is
// made with admin:create and has no second factor, which the other journeys rely on). Its first start
// writes the operator's password to a file; the operator signs in, is made to change it, sets up the
// second factor in the panel (the code computed here from the secret the page shows), signs out, signs
// in with password + code, and then with a recovery code, once.
const port = Number(process.env.E2E_PORT ?? 3210) + 5;
const base = `http://127.0.0.1:${port}`;
const adminEmail = 'dona@impulso.example';
const newPassword = 'lagarto-roxo-na-janela-42';
const dataDir = mkdtempSync(path.join(tmpdir(), 'impulso-e2e-2fa-'));
const passwordFile = path.join(dataDir, 'operator-password.txt');
const shots = path.resolve('test-results/screenshots');
let server: ChildProcess;
let log = '';

test.use({ baseURL: base });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A fresh database migrates and the pages prewarm while the other journeys load both cores.
  test.setTimeout(120_000);
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: adminEmail,
      LOG_LEVEL: 'info',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 110_000;
  while (
    (await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error(`the shop on :${port} did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
});

async function signIn(page: import('@playwright/test').Page, password: string) {
  await gotoHydrated(page, '/admin/login');
  await page.getByLabel('E-mail').fill(adminEmail);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function signOut(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('first start: the password is in a 0600 file, not the log, and the first sign-in must change it', async ({
  page,
}) => {
  expect(existsSync(passwordFile)).toBe(true);
  const initial = readFileSync(passwordFile, 'utf8').trim();
  expect(log).toContain(passwordFile);
  expect(log).not.toContain(initial);

  await signIn(page, initial);
  await expect(page).toHaveURL(/\/admin\/seguranca$/);
  await expect(page.getByRole('status').first()).toHaveText('Troque a senha inicial antes de usar o painel.');
  await page.getByLabel('Senha atual').fill(initial);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha12345');
  await page.getByLabel('Confirme a nova senha').fill('senha12345');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.locator('#newPassword-error')).toContainText('Senha fácil de adivinhar');
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirme a nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada. As outras sessões do painel foram encerradas.')).toBeVisible();
  expect(existsSync(passwordFile)).toBe(false);
  await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Início' }).click();
  await expect(page.getByRole('heading', { name: 'Precisa de você agora' })).toBeVisible();
});

test('the operator sets up the second factor, signs in with password + code, then with a recovery code once', async ({
  page,
}) => {
  // Six sign-ins (each an Argon2 hash on the server) and two accessibility scans: over 30 s on a busy
  // 2-core machine, so this journey gets the slow-test budget.
  test.slow();
  await signIn(page, newPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Segurança' }).click();
  await expect(page).toHaveURL(/\/admin\/seguranca$/);
  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await expect(page.getByRole('img', { name: /Código QR da verificação em duas etapas/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: path.join(shots, 'admin-2fa-setup.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  const key = base32Decode(secret);
  const step = totpStep(new Date());
  await page.getByLabel('Código do aplicativo').fill('000000');
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Código incorreto ou já usado. Confira o horário do celular e digite o código atual.',
  );
  await page.getByLabel('Código do aplicativo').fill(hotp(key, step));
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allInnerTexts();
  await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(page.getByRole('heading', { name: 'Precisa de você agora' })).toBeVisible();
  await signOut(page);

  // Password, then the code step; the next 30-second step's code (the one just used is refused).
  await signIn(page, newPassword);
  const codeField = page.getByLabel('Código de verificação');
  await expect(codeField).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'admin-2fa-code-step.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await codeField.fill(hotp(key, step));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '❌ Senha ou código incorretos. Tentativa 1/3 com esta senha.',
  );
  await codeField.fill(hotp(key, step + 1));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Precisa de você agora' })).toBeVisible();
  await signOut(page);

  // A recovery code, once.
  await signIn(page, newPassword);
  await page.getByLabel('Código de verificação').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Precisa de você agora' })).toBeVisible();
  await signOut(page);
  await signIn(page, newPassword);
  await page.getByLabel('Código de verificação').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '❌ Senha ou código incorretos. Tentativa 1/3 com esta senha.',
  );
  await page.getByRole('button', { name: 'Voltar e digitar a senha de novo' }).click();
  await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
  // The security page shows what is left.
  await signIn(page, newPassword);
  await page.getByLabel('Código de verificação').fill(recovery[1]!);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Precisa de você agora' })).toBeVisible();
  await gotoHydrated(page, '/admin/seguranca');
  await expect(page.getByText('Ativa. Códigos de recuperação restantes: 8.')).toBeVisible();
});
