import { apiOrder, expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 12: an order above R$ 150 is settled on WhatsApp; the operator generates the charge, the buyer
// pays it on the order page, and it goes on like any other order.

test('a R$ 183,90 order → operator "Gerar cobrança" → buyer pays on /order/{id} → Processando', async ({
  page,
  browser,
  request,
}) => {
  const { order } = await apiOrder(request, {
    item: { type: 'followers', amount: 2000 },
    instagram: 'cobranca.whatsapp',
    addOns: ['likes'],
    addOnLinks: { likes: 'https://www.instagram.com/p/COBRANCA1/' },
    email: 'cobranca@exemplo.com',
  });

  await signInOperator(page);
  await gotoHydrated(page, '/admin/pedidos?period=all&q=cobranca.whatsapp');
  const row = page.getByTestId(`order-${order.id}`);
  await expect(row).toContainText('R$ 183,90');
  await row.getByRole('button', { name: 'PIX' }).click();
  const send = row.getByRole('link', { name: 'Enviar o link pelo WhatsApp' });
  await expect(send).toHaveAttribute('href', new RegExp(`^https://wa\\.me/55\\d+\\?text=.*${order.id}`));
  // The message's link carries its proof (ADR 041): the buyer opens it on another device.
  const message = new URL((await send.getAttribute('href'))!).searchParams.get('text')!;
  const link = new URL(/https?:\/\/\S+\/order\/\S+/.exec(message)![0]);
  expect(link.hash).toMatch(/^#acesso=/);

  // The buyer, on their own phone, opens the link.
  const buyer = await browser.newPage();
  await gotoHydrated(buyer, `${link.pathname}${link.hash}`);
  await expect(buyer.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  await buyer.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(buyer).toHaveURL(/\/success\?order_id=/);
  await gotoHydrated(buyer, `/order/${order.id}`);
  const status = buyer.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
  await expect(status).toHaveText(/Processando|Em entrega/);
  await buyer.close();
});
