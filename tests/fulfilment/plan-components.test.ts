import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogueWritesRepo } from '#server/catalogue/catalogue-writes.repo.ts';
import { planMonthRepo } from '#server/catalogue/plan-month.repo.ts';
import { deliveries, orders, outboxEmails, ownerAlerts, subscriptions } from '#server/db/schema/index.ts';
import { submitDelivery } from '#server/fulfilment/submit-delivery.ts';
import type { PlanComponentId } from '#shared/plan-components.ts';
import {
  lostAnswerFaults,
  smmPanelEnv,
  startFakeSmmPanel,
  type FakeSmmPanel,
} from '../fake-smm/fake-smm-panel';
import { operatorCookie } from '../helpers/accounts';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from '../helpers/asaas-test-app';
import { approvedCard, newKey, orderProof, orderRequest } from '../helpers/order-request';

// Issue 26: every paid month of a plan starts each engagement component at the panel exactly once, as a
// subscription-type order to the profile until the end of that month; a component no service delivers is
// an operator task; a refunded month's components are stopped.

const token = 'whsec_plan_components_0123456789abcdefghij';
const owner = 'dona@impulso.example';
let panel: FakeSmmPanel;
let asaas: AsaasTestApp;
const start = Date.parse('2026-11-23T15:00:00Z');
let now = start;
const clock = () => new Date(now);

beforeAll(async () => {
  panel = await startFakeSmmPanel();
  panel.balance = 1_000_000;
  asaas = await startAsaasTestApp(
    token,
    { ...smmPanelEnv(panel), SMM_TIMEOUT_MS: '2000', ADMIN_EMAIL: owner, OWNER_ALERT_EMAIL: owner },
    { clock },
  );
});
afterAll(async () => {
  await asaas.close();
  await panel.close();
});

const db = () => asaas.app.database.db;
/** The operator's session, signed in again on the test clock (which moves months ahead). */
const signIn = () => operatorCookie(asaas.app, owner);
/** A profile's subscription orders at the panel, in service order (jobs run side by side). */
const subscriptionAdds = (handle: string) =>
  panel
    .subscriptionAdds(handle)
    .sort((a, b) => ymd(a.expiry).localeCompare(ymd(b.expiry)) || a.service!.localeCompare(b.service!));
const ymd = (expiry = '') => expiry.replace(/(\d+)\/(\d+)\/(\d+)/, '$3$2$1');
const drain = () => asaas.app.jobs.drain();
const services: Record<PlanComponentId, string | null> = {
  likes_per_post: '104',
  story_views: '105',
  video_views: '106',
};
async function configure(plan: 'simples' | 'avancado', overrides: Partial<typeof services> = {}) {
  const all = { ...services, ...overrides };
  for (const c of (await planMonthRepo.find(db(), plan)).components)
    await catalogueWritesRepo.savePlanComponent(
      db(),
      plan,
      c.id,
      { quantity: c.quantity, panelServiceId: all[c.id], delayMinutes: 0 },
      clock(),
    );
}
beforeEach(async () => {
  now = start;
  await configure('simples');
});

/** A plan bought by card: its first month is paid at once. */
async function buyPlan(instagram: string, plan: 'simples' | 'avancado' = 'simples') {
  const res = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({
      item: { type: 'recurring', plan },
      instagram: `@${instagram}`,
      paymentMethod: 'credit_card',
      card: approvedCard,
      address: billingAddress,
    }),
  });
  expect(res.json().order).toMatchObject({ paymentStatus: 'paid' });
  return res.json().order.id as string;
}
const monthOf = async (orderId: string) =>
  db().select().from(deliveries).where(eq(deliveries.orderId, orderId)).orderBy(deliveries.itemKey);
/** The owner's alerts (the daily summary, sent to the same address when the clock crosses a day, left out). */
const alerts = async () =>
  (await db().select().from(outboxEmails).where(eq(outboxEmails.to, owner)))
    .map((m) => m.subject)
    .filter((subject) => !subject.includes('Resumo de'));

describe('a paid month of Simples', () => {
  it('starts each component once: a subscription order to the profile, min = max = quantity, until the end of the month', async () => {
    const orderId = await buyPlan('plano.simples');
    await drain();
    expect(subscriptionAdds('plano.simples')).toEqual([
      { service: '104', username: 'plano.simples', min: '40', max: '40', delay: '0', expiry: '23/12/2026' },
      { service: '105', username: 'plano.simples', min: '35', max: '35', delay: '0', expiry: '23/12/2026' },
      { service: '106', username: 'plano.simples', min: '150', max: '150', delay: '0', expiry: '23/12/2026' },
    ]);
    // The followers' service has no drip-feed: the month's first day stands for them.
    const month = (await monthOf(orderId)).filter((d) => !d.itemKey.includes(':day-'));
    expect(month.map((d) => [d.itemKey, d.state, d.serviceId])).toEqual([
      ['plan', 'pending', '101'],
      ['plan:likes_per_post', 'pending', '104'],
      ['plan:story_views', 'pending', '105'],
      ['plan:video_views', 'pending', '106'],
    ]);
    // Nothing is sent again by draining again or by the sync reading "Active".
    await drain();
    now += 601_000; // past SMM_SYNC_INTERVAL_SECONDS: the sync asks about them
    await asaas.app.fulfilment.sync.runOnce();
    expect(subscriptionAdds('plano.simples')).toHaveLength(3);
    expect((await monthOf(orderId)).filter((d) => d.component).map((d) => d.state)).toEqual([
      'in_progress',
      'in_progress',
      'in_progress',
    ]); // The buyer sees each component of the month on /order/{id}, and the e-mail says the same.
    const view = (
      await asaas.app.server.inject({ url: `/api/orders/${orderId}`, headers: orderProof(orderId) })
    ).json();
    const likes = view.fulfilment.deliveries.find(
      (d: { component: string }) => d.component === 'likes_per_post',
    );
    expect(likes).toMatchObject({
      quantity: 40,
      state: 'in_progress',
      activeUntil: '2026-12-23T03:00:00.000Z',
    });
    expect(JSON.stringify(view)).not.toMatch(/serviceId|panelOrderId/);
    await drain();
    const started = (await db().select().from(outboxEmails)).find(
      (m) => m.subject === `Entrega em andamento – pedido ${view.order.purchaseCode}`,
    );
    expect(started!.text).toContain('40 curtidas por publicação: Curtidas automáticas ativas até 23/12.');
    expect(started!.text).toContain(
      '150 visualizações de vídeo: Visualizações de vídeo automáticas ativas até 23/12.',
    );
  });

  it('a renewal (the next charge, redelivered and raced by reconciliation) starts the next month once', async () => {
    const firstId = await buyPlan('plano.renovado');
    await drain();
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.firstOrderId, firstId));
    now += 30 * 86_400_000; // 23 December, 15:00 UTC
    const event = (id: string) => ({
      id,
      event: 'PAYMENT_RECEIVED',
      payment: {
        id: 'pay_renovado_2',
        status: 'RECEIVED',
        subscription: sub!.providerSubscriptionId,
        billingType: 'CREDIT_CARD',
        value: 197,
      },
    });
    await Promise.all([
      ...['evt_r1', 'evt_r1', 'evt_r2'].map((id) =>
        asaas.app.server.inject({
          method: 'POST',
          url: '/api/webhooks/asaas',
          headers: { 'asaas-access-token': token },
          payload: event(id),
        }),
      ),
      drain(),
    ]);
    await drain();
    const months = await db().select().from(orders).where(eq(orders.subscriptionId, sub!.id));
    expect(months).toHaveLength(2);
    expect(subscriptionAdds('plano.renovado').map((f) => [f.service, f.expiry])).toEqual([
      ['104', '23/12/2026'],
      ['105', '23/12/2026'],
      ['106', '23/12/2026'],
      ['104', '23/01/2027'],
      ['105', '23/01/2027'],
      ['106', '23/01/2027'],
    ]);
  });
});

describe("the panel's date and delay (issue 43: d/m/Y as the São Paulo day, delay from the published list)", () => {
  it("a month paid on the 5th ends on the 5th at the panel, with each component's delay as the owner set it", async () => {
    // 23:30 on 4 November in São Paulo, already the 5th in UTC: the shop's day is the 4th.
    now = Date.parse('2026-11-05T02:30:00Z');
    const cookie = await signIn();
    const setStoryViews = (delayMinutes: number) =>
      asaas.app.server.inject({
        method: 'PATCH',
        url: '/api/admin/catalogue/plans/simples/components/story_views',
        headers: { cookie },
        payload: { quantity: 35, panelServiceId: '105', delayMinutes },
      });
    expect((await setStoryViews(30)).statusCode).toBe(200);
    const refused = await setStoryViews(45);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Escolha um dos atrasos que o painel aceita (0 a 600 minutos).');
    const orderId = await buyPlan('dia.cinco');
    await drain();
    const month = (await monthOf(orderId)).filter((d) => d.component);
    expect(month.map((d) => [d.component, d.state, d.delayMinutes])).toEqual([
      ['likes_per_post', 'pending', 0],
      ['story_views', 'pending', 30],
      ['video_views', 'pending', 0],
    ]);
    // What the panel read: the 4th of December, not the 12th of April, and the delays it was sent.
    const atPanel = month.map((d) => panel.orders.get(d.panelOrderId!)!.subscription);
    expect(atPanel.map((o) => [o!.expiresOn, o!.delay])).toEqual([
      ['2026-12-04', 0],
      ['2026-12-04', 30],
      ['2026-12-04', 0],
    ]);
    expect(subscriptionAdds('dia.cinco').map((f) => [f.service, f.expiry, f.delay])).toEqual([
      ['104', '04/12/2026', '0'],
      ['105', '04/12/2026', '30'],
      ['106', '04/12/2026', '0'],
    ]);
    // A later change of the delay is for the months paid after it; this month keeps what it was sent.
    await configure('simples');
    expect((await monthOf(orderId)).find((d) => d.component === 'story_views')!.delayMinutes).toBe(30);
  });
});

describe('a component the panel will not deliver', () => {
  it('with no service configured it is an operator task with the owner alert, and "Feito" closes it', async () => {
    await configure('avancado', { story_views: null });
    const orderId = await buyPlan('sem.servico', 'avancado');
    await drain();
    expect(subscriptionAdds('sem.servico').map((f) => f.service)).toEqual(['104', '106']);
    const story = (await monthOf(orderId)).find((d) => d.component === 'story_views')!;
    expect(story).toMatchObject({ state: 'manual', panelOrderId: null });
    const attention = await asaas.app.server.inject({
      method: 'GET',
      url: '/api/admin/fulfilment',
      headers: { cookie: await signIn() },
    });
    const task = attention.json().deliveries.find((d: { id: string }) => d.id === story.id);
    expect(task.task).toBe('Entregar manualmente: 70 visualizações de story para @sem.servico até 23/12');
    expect(await alerts()).toContain('[Impulso] Entrega manual de plano');
    const done = await asaas.app.server.inject({
      method: 'POST',
      url: `/api/admin/deliveries/${story.id}/action`,
      headers: { cookie: await signIn() },
      payload: { action: 'mark_delivered' },
    });
    expect(done.statusCode).toBe(200);
    expect((await monthOf(orderId)).find((d) => d.id === story.id)!.state).toBe('completed');
    await configure('avancado');
  });

  it('a service of the wrong type is refused before any call, and shown as the same task', async () => {
    await configure('simples', { video_views: '103' }); // "Default": one post, not every new post
    const orderId = await buyPlan('tipo.errado');
    await drain();
    expect(subscriptionAdds('tipo.errado').map((f) => f.service)).toEqual(['104', '105']);
    const video = (await monthOf(orderId)).find((d) => d.component === 'video_views')!;
    expect(video.state).toBe('refused');
    expect(video.lastError).toMatch(/tipo "Default"/);
    const attention = await asaas.app.server.inject({
      method: 'GET',
      url: '/api/admin/fulfilment',
      headers: { cookie: await signIn() },
    });
    expect(attention.json().deliveries.find((d: { id: string }) => d.id === video.id).task).toBe(
      'Entregar manualmente: 150 visualizações de vídeo para @tipo.errado até 23/12',
    );
  });

  it('a quantity outside the service min/max is refused by us, a panel refusal by the panel: both tasks', async () => {
    const likes = panel.services.find((s) => s.service === 104)!;
    likes.min = '50'; // Simples sends 40 per post
    panel.failNextAdd({ kind: 'bad_link' }, (f) => f.username === 'recusado' && f.service === '105');
    try {
      const orderId = await buyPlan('recusado');
      await drain();
      const month = await monthOf(orderId);
      expect(month.find((d) => d.component === 'likes_per_post')).toMatchObject({ state: 'refused' });
      // The panel refused the story views ("Bad Link"): the buyer is asked for the profile again.
      const story = month.find((d) => d.component === 'story_views')!;
      expect(story).toMatchObject({ state: 'invalid_link' });
      // The buyer gives the profile's @ (not a post link), and the component is sent again, once.
      const post = await asaas.app.server.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/deliveries/${story.id}/link`,
        headers: orderProof(orderId),
        payload: { link: 'https://www.instagram.com/p/ABC/' },
      });
      expect(post.statusCode).toBe(400);
      const fixed = await asaas.app.server.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/deliveries/${story.id}/link`,
        headers: orderProof(orderId),
        payload: { link: '@recusado.certo' },
      });
      expect(fixed.statusCode).toBe(200);
      await drain();
      expect(subscriptionAdds('recusado.certo').map((f) => f.service)).toEqual(['105']);
    } finally {
      likes.min = '20';
    }
  });
});

describe('lost answers and races on a component', () => {
  for (const fault of lostAnswerFaults) {
    it(`an unknown outcome (${fault.kind}) is 'a conferir', alerted, and never sent again`, async () => {
      const handle = `perdido.${fault.kind}`;
      panel.failNextAdd(fault, (f) => f.username === handle && f.service === '104');
      const unknownAlerts = async () =>
        (await alerts()).filter((subject) => subject === '[Impulso] Entrega a conferir').length;
      const before = await unknownAlerts();
      const orderId = await buyPlan(handle);
      await drain();
      now += 3_600_000;
      await drain();
      const likes = (await monthOf(orderId)).find((d) => d.component === 'likes_per_post')!;
      expect(likes).toMatchObject({ state: 'unknown', panelOrderId: null, submitAttempts: 1 });
      expect(subscriptionAdds(handle).filter((f) => f.service === '104')).toHaveLength(1);
      // The panel did take it: the operator will find it there.
      expect([...panel.orders.values()].some((o) => o.subscription?.username === handle)).toBe(true);
      // The owner is told about this delivery (other alerts of a loaded machine may come with it; the
      // outbox is read without an order, so they are counted, not sliced).
      expect(await unknownAlerts()).toBeGreaterThan(before);
      const [alert] = await db()
        .select()
        .from(ownerAlerts)
        .where(eq(ownerAlerts.key, `unknown:${likes.id}`));
      expect(alert).toBeDefined();
    });
  }

  it('two submissions of one component at once make one panel order', async () => {
    const orderId = await buyPlan('duas.vezes');
    const likes = (await monthOf(orderId)).find((d) => d.component === 'likes_per_post')!;
    expect(likes.state).toBe('queued');
    const ctx = asaas.app.fulfilment.ctx;
    await Promise.all([submitDelivery(ctx, likes.id), submitDelivery(ctx, likes.id)]);
    await drain();
    expect(subscriptionAdds('duas.vezes').filter((f) => f.service === '104')).toHaveLength(1);
    expect((await monthOf(orderId)).find((d) => d.id === likes.id)!.state).toBe('pending');
  });
});

const refund = async (orderId: string) =>
  asaas.app.server.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie: await signIn(), 'idempotency-key': newKey() },
    payload: { reason: 'Cliente desistiu do plano' },
  });
const cancels = (ids: readonly (string | null)[]) =>
  panel.calls.filter((c) => c.action === 'cancel' && ids.includes(c.fields.orders ?? ''));

describe('a refunded month', () => {
  it('stops its components: `cancel` where the service allows it, otherwise left to expire; once', async () => {
    const orderId = await buyPlan('reembolsado');
    await drain();
    const res = await refund(orderId);
    expect(res.statusCode).toBe(201);
    await Promise.all([drain(), drain()]);
    await drain();
    const month = await monthOf(orderId);
    const byComponent = (id: PlanComponentId) => month.find((d) => d.component === id)!;
    // 104 and 106 can be cancelled; 105 (story views) cannot: it runs until 23/12 and says so.
    expect(byComponent('likes_per_post')).toMatchObject({ state: 'canceled', leftToExpire: false });
    expect(byComponent('video_views')).toMatchObject({ state: 'canceled', leftToExpire: false });
    expect(byComponent('story_views')).toMatchObject({ state: 'pending', leftToExpire: true });
    expect(panel.orders.get(byComponent('likes_per_post').panelOrderId!)!.status).toBe('Canceled');
    expect(cancels(month.map((d) => d.panelOrderId))).toHaveLength(2);
    // The sync reads the panel's "Canceled" as ours: no alert, nothing refused.
    const before = (await alerts()).length;
    await asaas.app.fulfilment.sync.runOnce();
    expect((await monthOf(orderId)).find((d) => d.component === 'likes_per_post')!.state).toBe('canceled');
    expect((await alerts()).slice(before)).toEqual([]);
  });

  it('a cancel answered 429 was not done: the job asks again and it is cancelled, with no alert', async () => {
    const orderId = await buyPlan('cancelamento.limitado');
    await configure('simples');
    await drain();
    const likes = (await monthOf(orderId)).find((d) => d.component === 'likes_per_post')!;
    panel.failNext('cancel', { kind: 'rate_limited' }, (f) => f.orders === likes.panelOrderId);
    const before = await alerts();
    await refund(orderId);
    await drain();
    expect((await monthOf(orderId)).find((d) => d.id === likes.id)).toMatchObject({
      state: 'pending',
      stopRequestedAt: null,
      lastError: 'cancel: Too many requests',
    });
    expect(panel.orders.get(likes.panelOrderId!)!.status).toBe('Active');
    now += 3_600_000; // past the job's back-off
    await drain();
    expect((await monthOf(orderId)).find((d) => d.id === likes.id)!.state).toBe('canceled');
    expect(panel.orders.get(likes.panelOrderId!)!.status).toBe('Canceled');
    expect(cancels([likes.panelOrderId])).toHaveLength(2);
    expect((await alerts()).slice(before.length)).not.toContain(
      '[Impulso] Cancelamento a conferir no fornecedor',
    );
  });

  it('a lost cancel answer alerts the owner; the sync then finds it cancelled', async () => {
    const orderId = await buyPlan('cancelamento.perdido');
    await configure('simples');
    await drain();
    panel.failNextCancel({ kind: 'error500' });
    await refund(orderId);
    await drain();
    expect(await alerts()).toContain('[Impulso] Cancelamento a conferir no fornecedor');
    now += 3_600_000;
    await asaas.app.fulfilment.sync.runOnce();
    const month = await monthOf(orderId);
    expect(
      month
        .filter((d) => d.component === 'likes_per_post' || d.component === 'video_views')
        .map((d) => d.state),
    ).toEqual(['canceled', 'canceled']);
  });
});
