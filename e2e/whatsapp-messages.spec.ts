import { existsSync, readFileSync } from 'node:fs';
import { whatsappKindLabels, whatsappKinds, type WhatsappKind } from '#shared/whatsapp.ts';
import { fakeTemplateName, type SentMessage } from '../tests/fake-whatsapp/fake-cloud-api';
import { expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 28: with WhatsApp on (the fake Cloud API of e2e/fake-whatsapp.ts), a buyer who ticks the box at
// checkout gets "pedido recebido" and "pagamento confirmado" there, each once; Meta's signed status
// webhooks mark them delivered, and the operator sees that on the order's row.

/** The templates the fake Cloud API sent to `to` (it logs each message: e2e/fake-whatsapp.ts). */
function sentTo(to: string): SentMessage[] {
  const file = process.env.E2E_WHATSAPP_LOG!;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentMessage)
    .filter((m) => m.to === to);
}
const countOf = (to: string, kind: WhatsappKind) =>
  sentTo(to).filter((m) => m.template === fakeTemplateName(kind)).length;

test('the box ticked → PIX order → paid → the Cloud API got both messages once → the panel shows them delivered', async ({
  page,
}) => {
  test.slow();
  // The owner names the templates Meta approved (the fake approves them under these names).
  await signInOperator(page);
  await gotoHydrated(page, '/admin/whatsapp');
  await expect(page.getByText(/^Mensagens ligadas\./)).toBeVisible();
  for (const kind of whatsappKinds)
    await page.getByLabel(`Modelo: ${whatsappKindLabels[kind]}`).fill(fakeTemplateName(kind));
  await page.getByRole('button', { name: 'Salvar modelos' }).click();
  await expect(page.getByText('Salvo.')).toBeVisible();

  await gotoHydrated(page, '/checkout?type=followers&amount=500');
  await page.getByLabel('Seu @ do Instagram').fill('@zap.ao.vivo');
  await page.getByLabel('Seu WhatsApp').pressSequentially('21977772828');
  const consent = page.getByLabel('Quero receber atualizações do pedido pelo WhatsApp');
  await expect(consent).not.toBeChecked();
  await consent.check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: /^PIX/ }).click();
  await page.getByLabel('Nome completo').fill('Bia Lima');
  await page.getByLabel('E-mail').fill('bia.zap@exemplo.com');
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  const pix = await page.getByLabel('PIX copia e cola').inputValue();
  const orderHref = await page.getByRole('link', { name: 'Ver detalhes do pedido' }).getAttribute('href');
  const orderId = /\/order\/([0-9a-f-]{36})/.exec(orderHref!)![1]!;

  const buyer = '5521977772828';
  await expect.poll(() => countOf(buyer, 'order_received')).toBe(1);
  const [received] = sentTo(buyer);
  expect(received).toMatchObject({
    template: fakeTemplateName('order_received'),
    callbackData: expect.any(String),
  });
  expect(received!.parameters).toEqual([
    'Olá, Bia!',
    expect.stringMatching(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/),
    expect.stringMatching(/^R\$\s[\d.]+,\d{2}$/),
    pix,
    expect.stringContaining(`/order/${orderId}`),
  ]);

  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page).toHaveURL(/\/success\?order_id=/);
  await expect.poll(() => countOf(buyer, 'payment_confirmed')).toBe(1);

  await gotoHydrated(page, '/admin/pedidos?period=all&q=zap.ao.vivo');
  const messages = page.getByTestId(`order-${orderId}`).getByRole('list', { name: 'Mensagens no WhatsApp' });
  // The statuses come by webhook, after the answers: the row is read again until it shows them.
  await expect(async () => {
    await page.reload();
    await expect(messages).toContainText('Pedido recebido: entregue', { timeout: 5_000 });
    await expect(messages).toContainText('Pagamento confirmado: entregue', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  expect(countOf(buyer, 'order_received')).toBe(1);
  expect(countOf(buyer, 'payment_confirmed')).toBe(1);
});
