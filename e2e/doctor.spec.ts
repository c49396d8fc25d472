import { axeViolations, expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 25 §3: "Verificar configuração" in the panel shows the doctor's lines, each marked ok or not.
test('the operator checks the configuration and sees one line per check', async ({ page }) => {
  await signInOperator(page);
  await gotoHydrated(page, '/admin/configuracoes');
  await page.getByRole('button', { name: 'Verificar configuração' }).click();
  const lines = page.getByTestId('doctor-lines').getByRole('listitem');
  await expect(
    lines.filter({ hasText: /Banco de dados: PGlite conectado, \d+ migrações aplicadas/ }),
  ).toHaveText(/^Ok: /);
  await expect(lines.filter({ hasText: 'Pagamentos: PAYMENT_PROVIDER=sandbox' })).toHaveText(/^Ok: /);
  await expect(lines.filter({ hasText: /E-mail \(SMTP\): 127\.0\.0\.1:\d+ aceitou a conexão/ })).toHaveText(
    /^Ok: /,
  );
  await expect(lines.filter({ hasText: 'Endereço público:' })).toHaveCount(1);
  // The run's fake Cloud API (e2e/fake-whatsapp.ts): the token reaches the number.
  await expect(lines.filter({ hasText: 'WhatsApp: o token alcança o número +55 11 4000-0000' })).toHaveText(
    /^Ok: /,
  );
  // The mark is a drawing for the eye; a screen reader hears the word.
  await expect(lines.first().locator('svg')).toHaveCount(1);
  expect(await axeViolations(page, 'section[aria-labelledby="verificar"]')).toEqual([]);
});
