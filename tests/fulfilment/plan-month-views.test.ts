import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '#server/db/schema/index.ts';
import { signupBody } from '../helpers/accounts';
import { planByCard } from '../helpers/asaas-test-app';
import { sessionCookieOf } from '../helpers/cookies';
import { newKey, orderProof, orderRequest } from '../helpers/order-request';
import { usePlanFixture } from './plan-fixture';

// Issue 26 §4: the buyer sees the plan working. /dashboard gets each paid month of a plan with its lines
// (followers so far of the month's promise and each component), grouped by the plan; a month not paid has
// none; /order/{id} of a renewal lists that month's components. Every month of the plan is the account's.

let now = Date.parse('2026-11-23T15:00:00Z');
const clock = () => new Date(now);
const shop = usePlanFixture('whsec_plan_month_views_0123456789abcdefg', {}, { clock });

const inject = (options: InjectOptions) => shop.asaas.app.server.inject(options);
const charge = (subscription: string, n: number, status: 'PENDING' | 'RECEIVED') =>
  shop.charge(subscription, `pay_mes_${n}`, status);

interface Line {
  key: string;
  title: string;
  detail: string;
}
interface AccountOrder {
  id: string;
  subscriptionId: string | null;
  paymentStatus: string;
  planMonth: Line[] | null;
}

it("the dashboard lists each paid month of the account's plan with its components; /order/{id} of a renewal too", async () => {
  const cookie = sessionCookieOf(
    await inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody('plano.visto@exemplo.com') }),
  );
  const bought = await inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey(), cookie },
    payload: orderRequest({ ...planByCard('@plano.visto'), email: 'outro.email@exemplo.com' }),
  });
  const firstId = bought.json().order.id as string;
  await shop.asaas.app.jobs.drain();
  const [sub] = await shop.asaas.app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.firstOrderId, firstId));
  now += 30 * 86_400_000; // 23 December: the second month is paid
  await charge(sub!.providerSubscriptionId, 2, 'RECEIVED');
  // 22 January: the third month is generated ahead of its charge; a card month becomes an order only once
  // the card is charged (issue 43: no unpaid card month sits in the account for weeks).
  now += 30 * 86_400_000;
  await charge(sub!.providerSubscriptionId, 3, 'PENDING');
  await shop.asaas.app.jobs.drain();

  // Two months later the buyer signs in again (the first session has ended).
  const again = sessionCookieOf(
    await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'plano.visto@exemplo.com', password: signupBody('').password },
    }),
  );
  const orders = (await inject({ url: '/api/account/orders', headers: { cookie: again } })).json()
    .orders as AccountOrder[];
  // Every month is the account's (the renewals carry the first month's account), newest first.
  expect(orders.map((o) => [o.paymentStatus, o.subscriptionId])).toEqual([
    ['paid', sub!.id],
    ['paid', sub!.id],
  ]);
  const [second, first] = orders;
  expect(first!.id).toBe(firstId);
  expect(second!.planMonth!.map((l) => l.title)).toEqual([
    'Seguidores do mês',
    '40 curtidas por publicação',
    '35 visualizações de story',
    '150 visualizações de vídeo',
  ]);
  expect(second!.planMonth![0]!.detail).toMatch(/^\d+ de 1\.110 entregues$/);
  expect(second!.planMonth![1]!.detail).toBe('Curtidas automáticas ativas até 23/01');
  // The first month ended on 23/12 while the panel still reports its subscriptions active: ended, not "ativas até".
  expect(first!.planMonth!.slice(1).map((l) => l.detail)).toEqual([
    'Encerradas em 23/12',
    'Encerradas em 23/12',
    'Encerradas em 23/12',
  ]);

  // The renewal's own page lists its month's components.
  const page = (await inject({ url: `/api/orders/${second!.id}`, headers: orderProof(second!.id) })).json();
  const components = page.fulfilment.deliveries
    .filter((d: { component: string | null }) => d.component)
    .map((d: { component: string; quantity: number; activeUntil: string }) => [
      d.component,
      d.quantity,
      d.activeUntil,
    ]);
  expect(components.sort()).toEqual([
    ['likes_per_post', 40, '2027-01-23T03:00:00.000Z'],
    ['story_views', 35, '2027-01-23T03:00:00.000Z'],
    ['video_views', 150, '2027-01-23T03:00:00.000Z'],
  ]);
});
