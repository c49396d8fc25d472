import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { AccountOrder } from '#shared/schemas/accounts.ts';
import { loadRoute, type PageRoute } from '../../router/match';
import { StaticRouter } from '../../router/router';
import { DashboardPlans } from './dashboard-plans';

/** The list as /dashboard renders it on the server, inside the app's router (its links need one). */
async function render(orders: AccountOrder[]): Promise<string> {
  const route: PageRoute = {
    path: '*',
    module: 'dashboard-plans.test',
    handle: { title: '', description: '' },
    load: async () => () => <DashboardPlans orders={orders} />,
  };
  await loadRoute(route);
  const layout = ({ children }: { children: ReactNode }) => children;
  return renderToStaticMarkup(
    <StaticRouter routes={[route]} url={new URL('http://loja/dashboard')} layout={layout} />,
  );
}

// Issue 26 §4: /dashboard's "Seu plano neste mês" shows the newest paid month of each plan with its lines
// and lists every paid month of it, each a link to its order.

const month = (id: string, createdAt: string, planMonth: AccountOrder['planMonth']): AccountOrder => ({
  id,
  purchaseCode: `IMP-${id}`,
  service: 'recurring',
  planId: 'simples',
  quantity: 1,
  totalCents: 19700,
  status: 'processando',
  paymentStatus: planMonth ? 'paid' : 'unpaid',
  createdAt,
  subscriptionId: 'sub-1',
  planMonth,
  invoice: null,
});
const lines = (likes: string) => [
  { key: 'followers', title: 'Seguidores do mês', detail: '37 de 1.110 entregues' },
  { key: 'likes_per_post', title: '40 curtidas por publicação', detail: likes },
];

describe('DashboardPlans', () => {
  it("shows the plan's newest paid month and every paid month, not the unpaid one", async () => {
    const html = await render([
      month('c', '2027-01-22T15:00:00.000Z', null),
      month('b', '2026-12-23T15:00:00.000Z', lines('Curtidas automáticas ativas até 23/01')),
      month('a', '2026-11-23T15:00:00.000Z', lines('Curtidas automáticas ativas até 23/12')),
    ]);
    expect(html).toContain('Seu plano neste mês');
    expect(html).toContain('Plano Simples (mensal) · mês pago em 23/12/2026');
    expect(html).toContain('Curtidas automáticas ativas até 23/01');
    expect(html).not.toContain('ativas até 23/12');
    expect(html.match(/href="\/order\/[abc]"/g)).toEqual(['href="/order/b"', 'href="/order/a"']);
  });

  it('shows nothing without a paid plan month', async () => {
    expect(await render([month('c', '2027-01-22T15:00:00Z', null)])).toBe('');
  });
});
