import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AccountOrder } from '#shared/schemas/accounts.ts';
import { DashboardPlans } from './dashboard-plans';

// Rendered alone, without the app's router: a link is its anchor.
vi.mock('../../router/link', () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));

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
  it("shows the plan's newest paid month and every paid month, not the unpaid one", () => {
    const html = renderToStaticMarkup(
      <DashboardPlans
        orders={[
          month('c', '2027-01-22T15:00:00.000Z', null),
          month('b', '2026-12-23T15:00:00.000Z', lines('Curtidas automáticas ativas até 23/01')),
          month('a', '2026-11-23T15:00:00.000Z', lines('Curtidas automáticas ativas até 23/12')),
        ]}
      />,
    );
    expect(html).toContain('Seu plano neste mês');
    expect(html).toContain('Plano Simples (mensal) · mês pago em 23/12/2026');
    expect(html).toContain('Curtidas automáticas ativas até 23/01');
    expect(html).not.toContain('ativas até 23/12');
    expect(html.match(/href="\/order\/[abc]"/g)).toEqual(['href="/order/b"', 'href="/order/a"']);
  });

  it('shows nothing without a paid plan month', () => {
    expect(renderToStaticMarkup(<DashboardPlans orders={[month('c', '2027-01-22T15:00:00Z', null)]} />)).toBe(
      '',
    );
  });
});
