import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../helpers/accounts';
import { startFulfilmentTestApp, type FulfilmentTestApp } from '../helpers/fulfilment-app';

// The operator's side (issue 11): what needs attention, each order's deliveries, the panel's balance and
// services, and the actions that resolve a delivery a person must decide.

const adminEmail = 'dona@impulso.example';
let t: FulfilmentTestApp;
let cookie: string;
beforeAll(async () => {
  t = await startFulfilmentTestApp({ ADMIN_EMAIL: adminEmail });
  cookie = await operatorCookie(t.app, adminEmail);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const addsFor = (handle: string) =>
  t.panel.calls.filter((c) => c.action === 'add' && c.fields.link?.includes(handle));

describe("'a conferir' in the panel", () => {
  it('is counted and listed; linking the id found at the panel syncs it, never buys it again', async () => {
    t.panel.failNextAdd({ kind: 'error500' });
    const orderId = await t.paidOrder({ instagram: '@achado.no.painel' });
    await t.app.jobs.drain();
    const attention = (await admin('GET', '/api/admin/fulfilment')).json();
    const listed = attention.deliveries.find((d: { orderId: string }) => d.orderId === orderId);
    expect(attention.count).toBeGreaterThan(0);
    expect(listed).toMatchObject({
      state: 'unknown',
      link: 'https://www.instagram.com/achado.no.painel/',
      panelOrderId: null,
    });
    expect(listed.purchaseCode).toMatch(/^[A-Z2-9]{8}$/);

    const found = [...t.panel.orders.values()].find((o) => o.link.includes('achado.no.painel'))!;
    const bad = await admin('POST', `/api/admin/deliveries/${listed.id}/action`, {
      action: 'link_panel_order',
      panelOrderId: '',
    });
    expect(bad.statusCode).toBe(400);
    const linked = await admin('POST', `/api/admin/deliveries/${listed.id}/action`, {
      action: 'link_panel_order',
      panelOrderId: found.id,
    });
    expect(linked.statusCode).toBe(200);
    t.panel.setStatus(found.id, 'Completed');
    t.advance(700_000);
    await t.app.fulfilment.sync.runOnce();
    await t.app.jobs.drain();
    expect((await t.orderRow(orderId)).status).toBe('concluido');
    expect(addsFor('achado.no.painel')).toHaveLength(1);
    // Resolved: no longer needs attention; the same action again is refused.
    const again = await admin('POST', `/api/admin/deliveries/${listed.id}/action`, { action: 'resend' });
    expect(again.statusCode).toBe(409);
  });

  it('resending explicitly after checking the panel sends it once more', async () => {
    t.panel.failNextAdd({ kind: 'malformed' });
    const orderId = await t.paidOrder({ instagram: '@reenviar' });
    await t.app.jobs.drain();
    const [delivery] = await t.deliveriesOf(orderId);
    expect(
      (await admin('POST', `/api/admin/deliveries/${delivery!.id}/action`, { action: 'resend' })).statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    expect(addsFor('reenviar')).toHaveLength(2);
    expect((await t.deliveriesOf(orderId))[0]!.state).toBe('pending');
  });
});

describe('partial deliveries', () => {
  it('the remainder is resent as a new delivery of what is missing', async () => {
    const orderId = await t.paidOrder({ instagram: '@faltou.um.pouco' });
    await t.app.jobs.drain();
    const [delivery] = await t.deliveriesOf(orderId);
    t.panel.setStatus(delivery!.panelOrderId!, 'Partial', 120);
    t.advance(700_000);
    await t.app.fulfilment.sync.runOnce();
    const listed = (await admin('GET', `/api/admin/orders/${orderId}/deliveries`)).json().deliveries;
    expect(listed[0]).toMatchObject({
      state: 'partial',
      remains: 120,
      delivered: 880,
      charge: '9.5000',
      currency: 'USD',
    });
    expect(
      (await admin('POST', `/api/admin/deliveries/${delivery!.id}/action`, { action: 'resend_remainder' }))
        .statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    expect(addsFor('faltou.um.pouco').map((c) => c.fields.quantity)).toEqual(['1000', '120']);
    expect((await t.deliveriesOf(orderId)).map((d) => d.itemKey).sort()).toEqual([
      'package',
      'package:resend-1',
    ]);
  });
});

describe('the panel card', () => {
  it('balance and services, warning about a missing service id and quantities outside min/max', async () => {
    t.panel.services[0]!.min = '300';
    const other = await startFulfilmentTestApp(
      { ADMIN_EMAIL: adminEmail, SMM_SERVICE_VIEWS: '777' },
      { panel: t.panel },
    );
    try {
      const otherCookie = await operatorCookie(other.app, adminEmail);
      const report = (
        await other.app.server.inject({
          method: 'GET',
          url: '/api/admin/fulfilment/panel',
          headers: { cookie: otherCookie },
        })
      ).json();
      expect(report.provider).toBe('smm');
      expect(report.balance.currency).toBe('USD');
      expect(report.services[0]).toMatchObject({
        product: 'followers',
        serviceId: '101',
        min: 300,
        refill: true,
      });
      expect(report.warnings).toContain('Visualizações: o serviço 777 não existe no painel do fornecedor.');
      expect(report.warnings).toContain(
        'Seguidores: 200 está fora do mínimo/máximo do serviço 101 (300–50000).',
      );
      expect(report.warnings.some((w: string) => w.startsWith('Seguidores: 20 está fora'))).toBe(true);
    } finally {
      t.panel.services[0]!.min = '10';
      await other.close();
    }
  });

  it("each package's cost from the panel's rate: none while USD has no SMM_BRL_RATE, converted with it", async () => {
    const without = (await admin('GET', '/api/admin/fulfilment/panel')).json();
    expect(without.costs.conversion).toEqual({ currency: 'USD', rule: 'missing', brlPerUnit: null });
    expect(without.costs.packages[0]).toMatchObject({ serviceId: '101', rate: '9.50', costCents: null });

    const other = await startFulfilmentTestApp(
      { ADMIN_EMAIL: adminEmail, SMM_BRL_RATE: '5.40' },
      { panel: t.panel },
    );
    try {
      const otherCookie = await operatorCookie(other.app, adminEmail);
      const read = (url: string) =>
        other.app.server
          .inject({ method: 'GET', url, headers: { cookie: otherCookie } })
          .then((r) => r.json());
      const { costs } = await read('/api/admin/fulfilment/panel');
      expect(costs.conversion).toEqual({ currency: 'USD', rule: 'configured', brlPerUnit: '5.40' });
      const followers = (await read('/api/admin/catalogue')).products[0];
      const pack = followers.packages.find((p: { amount: number }) => p.amount === 1000);
      // 1.000 × US$ 9,50 por 1.000 × R$ 5,40 = R$ 51,30.
      expect(costs.packages.find((c: { amount: number }) => c.amount === 1000)).toEqual({
        product: 'followers',
        amount: 1000,
        serviceId: '101',
        rate: '9.50',
        costCents: 5130,
        marginCents: pack.priceCents - 5130,
        marginBasisPoints: Math.round(((pack.priceCents - 5130) * 10_000) / pack.priceCents),
      });
    } finally {
      await other.close();
    }
  });

  it('operator routes refuse anyone else', async () => {
    expect((await t.app.server.inject({ url: '/api/admin/fulfilment' })).statusCode).toBe(401);
    expect(
      (
        await t.app.server.inject({
          method: 'POST',
          url: '/api/admin/deliveries/00000000-0000-4000-8000-000000000000/action',
          payload: { action: 'resend' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('FULFILMENT_PROVIDER=manual', () => {
  it('deliveries wait in the operator queue; marking them delivered completes the order', async () => {
    const manual = await startFulfilmentTestApp(
      { ADMIN_EMAIL: adminEmail, FULFILMENT_PROVIDER: 'manual' },
      { panel: t.panel },
    );
    try {
      const before = t.panel.addCalls();
      const orderId = await manual.paidOrder({ instagram: '@entrega.manual', email: 'manu@exemplo.com' });
      await manual.app.jobs.drain();
      const [waiting] = await manual.deliveriesOf(orderId);
      expect(waiting!.state).toBe('manual');
      expect(t.panel.addCalls()).toBe(before);
      const managerCookie = await operatorCookie(manual.app, adminEmail);
      const done = await manual.app.server.inject({
        method: 'POST',
        url: `/api/admin/deliveries/${waiting!.id}/action`,
        headers: { cookie: managerCookie },
        payload: { action: 'mark_delivered' },
      });
      expect(done.statusCode).toBe(200);
      await manual.app.jobs.drain();
      expect((await manual.orderRow(orderId)).status).toBe('concluido');
      expect(
        (await manual.emailsTo('manu@exemplo.com')).some((e) => e.subject.startsWith('Entrega concluída')),
      ).toBe(true);
    } finally {
      await manual.close();
    }
  });
});

describe('marking an order paid in the panel', () => {
  it('creates its deliveries in the same step and moves it to processando', async () => {
    const created = await t.app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: {
        item: { type: 'followers', amount: 3000 },
        instagram: '@pago.no.whatsapp',
        whatsapp: '11912345678',
        addOns: [],
        addOnLinks: {},
        name: 'Rui Lima',
        email: 'rui@exemplo.com',
        cpf: '52998224725',
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    const orderId = created.json().order.id as string;
    expect((await t.orderRow(orderId)).status).toBe('aguardando_contato_whatsapp');
    const edit = await t.app.server.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      headers: { cookie },
      payload: { paymentStatus: 'paid' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await t.orderRow(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    await t.app.jobs.drain();
    expect(addsFor('pago.no.whatsapp')).toHaveLength(1);
  });
});

describe('owner alerts', () => {
  const alerts = async () => (await t.emailsTo(adminEmail)).map((e) => e.subject);

  it('a low panel balance, once a day', async () => {
    const low = await startFulfilmentTestApp({ SMM_BALANCE_ALERT: '1000000' }, { panel: t.panel });
    try {
      await low.app.fulfilment.sync.runOnce();
      low.advance(700_000);
      await low.app.fulfilment.sync.runOnce();
      await low.app.jobs.drain();
      const subjects = (await low.emailsTo(adminEmail)).map((e) => e.subject);
      expect(subjects.filter((s) => s === '[Impulso] Saldo baixo no painel de entregas')).toHaveLength(1);
    } finally {
      await low.close();
    }
  });

  it('an invalid link the buyer leaves uncorrected for 24 hours', async () => {
    t.panel.failNextAdd({ kind: 'bad_link' });
    await t.paidOrder({ instagram: '@nunca.corrigiu' });
    await t.app.jobs.drain();
    t.advance(23 * 3_600_000);
    await t.app.fulfilment.sync.runOnce();
    await t.app.jobs.drain();
    const subject = '[Impulso] Link inválido sem correção há 24 horas';
    const before = (await alerts()).filter((s) => s === subject).length;
    t.advance(2 * 3_600_000);
    await t.app.fulfilment.sync.runOnce();
    await t.app.jobs.drain();
    expect((await alerts()).filter((s) => s === subject).length).toBe(before + 1);
  });

  it('a job that failed every attempt', async () => {
    const { jobsRepo } = await import('#server/jobs/jobs.repo.ts');
    await jobsRepo.insert(t.app.database.db, 'no_such_kind', {}, new Date(0));
    for (let i = 0; i < 9; i++) {
      await t.app.jobs.drain();
      t.advance(3 * 3_600_000);
    }
    await t.app.jobs.drain();
    expect(
      (await alerts()).filter((s) => s === '[Impulso] Tarefa com falha em todas as tentativas'),
    ).toHaveLength(1);
  });
});
