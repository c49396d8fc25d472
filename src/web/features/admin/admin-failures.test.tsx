// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { AdminCoupon } from '#shared/schemas/coupons.ts';
import { AdminCoupons } from './coupons/admin-coupons';
import { AdminDeliveriesRow } from './deliveries/admin-deliveries-row';
import { AdminFulfilment } from './deliveries/admin-fulfilment';

// Issue 30 §7: an admin screen never swallows a failure; each failed read or action shows the server's
// pt-BR reason. The screens run in a DOM against a fake server (fetch); each test waits for what it reads.

type Answer = { status: number; body: unknown };
/** The fake server: each `METHOD path` answers its status and JSON body; anything else is a 404. */
function serve(routes: Record<string, Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${path}`;
      calls.push(call);
      const answer = routes[call] ?? { status: 404, body: { message: 'Não encontrado.' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

let root: Root | undefined;
function render(element: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(element);
  return container;
}
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const alertText = (container: HTMLElement) => container.querySelector('[role="alert"]')?.textContent;

const coupon: AdminCoupon = {
  id: 'c1',
  code: 'BEMVINDO',
  kind: 'percent',
  percent: 10,
  amountCents: null,
  minTotalCents: 0,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerEmail: null,
  appliesTo: 'both',
  active: true,
  uses: 0,
  paidOrders: 0,
  revenueCents: 0,
  discountCents: 0,
  createdAt: '2026-11-01T12:00:00.000Z',
};

it('"Desativar" a coupon the server refuses shows the reason (it was swallowed)', async () => {
  const calls = serve({
    'GET /api/admin/coupons': { status: 200, body: { coupons: [coupon], pixDiscountPercent: 5 } },
    'PATCH /api/admin/coupons/c1': {
      status: 409,
      body: { message: 'Este cupom foi alterado por outra pessoa.' },
    },
  });
  const screen = render(<AdminCoupons />);
  const button = await vi.waitFor(() => {
    const found = [...screen.querySelectorAll('button')].find((b) => b.textContent === 'Desativar');
    if (!found) throw new Error('no "Desativar" yet');
    return found;
  });
  expect(alertText(screen)).toBeUndefined();
  button.click();
  await vi.waitFor(() => expect(alertText(screen)).toBe('Este cupom foi alterado por outra pessoa.'));
  expect(calls).toContain('PATCH /api/admin/coupons/c1');
});

it('the coupons that fail to load say why instead of vanishing', async () => {
  serve({ 'GET /api/admin/coupons': { status: 500, body: { message: 'Erro interno. Tente novamente.' } } });
  const screen = render(<AdminCoupons />);
  await vi.waitFor(() => expect(alertText(screen)).toBe('Erro interno. Tente novamente.'));
});

it("an order's deliveries that fail to load say why, not that the order is unpaid", async () => {
  serve({
    'GET /api/admin/orders/o1/deliveries': { status: 503, body: { message: 'Banco de dados indisponível.' } },
  });
  const screen = render(
    <table>
      <tbody>
        <AdminDeliveriesRow
          order={{ id: 'o1', status: 'processando', paymentStatus: 'paid' }}
          onChanged={() => undefined}
        />
      </tbody>
    </table>,
  );
  await vi.waitFor(() => expect(alertText(screen)).toBe('Banco de dados indisponível.'));
  expect(screen.textContent).not.toContain('Nenhuma entrega');
});

it('"Precisam de atenção" that fails to load says why instead of vanishing', async () => {
  serve({ 'GET /api/admin/fulfilment': { status: 403, body: { message: 'Acesso restrito ao operador.' } } });
  const screen = render(<AdminFulfilment />);
  await vi.waitFor(() => expect(alertText(screen)).toBe('Acesso restrito ao operador.'));
});
