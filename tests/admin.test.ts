import { createCoupons } from '#server/coupons/coupons.service.ts';
import { privacyRequestsService } from '#server/privacy/privacy-requests.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { analytics, orderAudit, orders, payments, rollupState } from '#server/db/schema/index.ts';
import { periodRange } from '#server/admin/periods.ts';
import type { Period } from '#shared/schemas/admin.ts';
import { adminRouteTable } from '#server/admin/admin.routes.ts';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { funnelRollupRepo } from '#server/admin/funnel-rollup.repo.ts';
import { ordersRollupRepo } from '#server/admin/orders-rollup.repo.ts';
import { ordersCsv } from '#server/admin/orders-csv.ts';
import { createSandboxProvider } from '#server/payments/sandbox-provider.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { sessionCookieOf } from './helpers/cookies';
import { newKey, orderRequest } from './helpers/order-request';

const adminEmail = 'dona@loja.example';
const adminPassword = 'senha-forte-123';
let now = new Date('2026-11-20T15:00:00Z').getTime();
let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail }, { clock: () => new Date(now) });
  await setAdminPassword(app.database.db, adminEmail, adminPassword, new Date(now));
  adminCookie = sessionCookieOf(await adminLogin(adminEmail, adminPassword));
});
afterAll(() => app.close());

function adminLogin(email: string, password: string, remoteAddress = '192.0.2.80', target: TestApp = app) {
  return target.server.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress,
    payload: { email, password },
  });
}
/** 'custom&from=…&to=…' → [from, to] for periodRange. */
const customDays = (period: string): [string?, string?] => {
  const params = new URLSearchParams(period.split('&').slice(1).join('&'));
  return [params.get('from') ?? undefined, params.get('to') ?? undefined];
};
const adminGet = (url: string, cookie = adminCookie) =>
  app.server.inject({ method: 'GET', url, headers: { cookie } });

describe('admin login lock (5 attempts per address → 5 minutes; the account only counted, ADR 027)', () => {
  it('counts attempts per address, locks it at the 5th with the seconds left, expires, and success clears', async () => {
    const messages: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await adminLogin(adminEmail, 'errada', '192.0.2.101');
      expect(res.statusCode).toBe(401);
      messages.push(res.json().message);
    }
    expect(messages[0]).toBe('❌ E-mail ou senha incorretos. Tentativa 1/5. Verifique suas credenciais.');
    expect(messages[3]).toBe('❌ E-mail ou senha incorretos. Tentativa 4/5. Verifique suas credenciais.');
    const fifth = await adminLogin(adminEmail, 'errada', '192.0.2.101');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      message: '❌ Muitas tentativas de login. Acesso bloqueado por 5 minutos.',
      retryAfterSeconds: 300,
    });

    now += 60_000;
    const blocked = await adminLogin(adminEmail, adminPassword, '192.0.2.101');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      message: '❌ Acesso bloqueado. Tente novamente em 240 segundos.',
      retryAfterSeconds: 240,
    });

    now += 241_000;
    // The lock ran out: the address starts again (and is clean), so the right password gets in.
    expect((await adminLogin(adminEmail, adminPassword, '192.0.2.101')).statusCode).toBe(200);
    expect((await adminLogin(adminEmail, 'errada', '192.0.2.107')).json().message).toContain('Tentativa 1/5');
    expect((await adminLogin(adminEmail, adminPassword, '192.0.2.107')).statusCode).toBe(200);
    // Success cleared the count.
    expect((await adminLogin(adminEmail, 'errada', '192.0.2.107')).json().message).toContain('Tentativa 1/5');
    await adminLogin(adminEmail, adminPassword, '192.0.2.107');
  });

  it('a count left alone 15 minutes starts again', async () => {
    for (let i = 0; i < 4; i++) await adminLogin(adminEmail, 'errada', '192.0.2.120');
    now += 15 * 60_000 + 1000;
    expect((await adminLogin(adminEmail, 'errada', '192.0.2.120')).json().message).toContain('Tentativa 1/5');
    await adminLogin(adminEmail, adminPassword, '192.0.2.120');
  });

  it('locks an IP that tries many accounts', async () => {
    for (let i = 0; i < 5; i++) await adminLogin(`outro${i}@loja.example`, 'x', '198.51.100.77');
    const res = await adminLogin(adminEmail, adminPassword, '198.51.100.77');
    expect(res.statusCode).toBe(429);
  });

  it("an address's lock holds across two app instances on one database", async () => {
    const second = await createTestApp(
      { ADMIN_EMAIL: adminEmail },
      { database: app.database, clock: () => new Date(now) },
    );
    try {
      for (let i = 0; i < 3; i++) await adminLogin(adminEmail, 'errada', '203.0.113.50');
      for (let i = 0; i < 2; i++) await adminLogin(adminEmail, 'errada', '203.0.113.50', second);
      expect((await adminLogin(adminEmail, adminPassword, '203.0.113.50')).statusCode).toBe(429);
      expect((await adminLogin(adminEmail, adminPassword, '203.0.113.50', second)).statusCode).toBe(429);
      // Another address, clean, is not held by it.
      expect((await adminLogin(adminEmail, adminPassword, '203.0.113.52', second)).statusCode).toBe(200);
    } finally {
      await second.close();
      now += 301_000;
    }
  });

  it('gives no admin session to a correct password of an e-mail not on the allow-list', async () => {
    await setAdminPassword(app.database.db, 'cliente@loja.example', 'senha-do-cliente', new Date(now));
    const res = await adminLogin('cliente@loja.example', 'senha-do-cliente', '192.0.2.200');
    // The same answer as a wrong password: a 403 would say 'password right, not admin' (issue 9 §2).
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      '❌ E-mail ou senha incorretos. Tentativa 1/5. Verifique suas credenciais.',
    );
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('every /api/admin route is enforced on the server', () => {
  it('401 without a session, 403 with a customer session', async () => {
    const signup = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Cliente',
        email: 'curioso@exemplo.com',
        password: 'segredo123',
        confirmPassword: 'segredo123',
      },
    });
    const customer = sessionCookieOf(signup);
    const table = adminRouteTable({
      db: app.database.db,
      clock: () => new Date(now),
      adminEmail,
      orderLink: (orderId) => `/order/${orderId}`,
      provider: createSandboxProvider({
        pixKey: 'k',
        merchantName: 'A',
        merchantCity: 'B',
        clock: () => new Date(),
      }),
      fulfilment: app.fulfilment.ctx,
      catalogue: app.catalogue,
      claims: app.claims,
      chargeWhatsapp: async () => {
        throw new Error('not called');
      },
      doctor: {
        rateLimiter: app.rateLimiter,
        run: async () => {
          throw new Error('not called');
        },
      },
      coupons: createCoupons({ db: app.database.db, clock: () => new Date(now), catalogue: app.catalogue }),
      privacyRequests: privacyRequestsService({
        db: app.database.db,
        clock: () => new Date(now),
        shop: { name: 'Impulso', publicUrl: 'http://localhost' },
      }),
    });
    expect(table.length).toBeGreaterThanOrEqual(8);
    for (const route of table) {
      const url = route.url.replace(':id', '00000000-0000-4000-8000-000000000000');
      const anonymous = await app.server.inject({
        method: route.method,
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${route.method} ${url}`).toBe(401);
      const asCustomer = await app.server.inject({
        method: route.method,
        url,
        headers: { cookie: customer },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(asCustomer.statusCode, `${route.method} ${url}`).toBe(403);
    }
  });
});

describe('metrics, funnel, list and CSV', () => {
  const seed = async (createdAt: string, overrides: Partial<typeof orders.$inferInsert>) => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({ email: 'seed@exemplo.com', instagram: overrides.instagram ?? 'seed.perfil' }),
    });
    const id = res.json().order.id as string;
    await app.database.db
      .update(orders)
      .set({ createdAt: new Date(createdAt), ...overrides })
      .where(eq(orders.id, id));
    return id;
  };

  it('counts a hand-made November, with São Paulo midnight as the day boundary', async () => {
    now = new Date('2026-11-30T23:00:00Z').getTime(); // 20:00 in São Paulo, 30 November
    await seed('2026-11-05T12:00:00Z', {
      totalCents: 10000,
      paymentStatus: 'paid',
      paymentMethod: 'pix',
      status: 'processando',
      instagram: 'loja.a',
    });
    await seed('2026-11-10T12:00:00Z', {
      totalCents: 20000,
      paymentStatus: 'unpaid',
      paymentMethod: 'whatsapp',
      status: 'aguardando_contato_whatsapp',
      instagram: 'loja.b',
    });
    await seed('2026-11-30T02:59:00Z', {
      totalCents: 3000,
      paymentStatus: 'unpaid',
      paymentMethod: 'pix',
      status: 'cancelado',
      instagram: 'loja.c',
    }); // 29 Nov, 23:59 SP
    await seed('2026-12-01T02:59:00Z', {
      totalCents: 7000,
      paymentStatus: 'paid',
      paymentMethod: 'credit_card',
      status: 'concluido',
      instagram: 'loja.d',
    }); // 30 Nov, 23:59 SP
    await seed('2026-11-01T02:59:00Z', {
      totalCents: 99900,
      paymentStatus: 'paid',
      paymentMethod: 'pix',
      status: 'concluido',
      instagram: 'loja.outubro',
    }); // 31 Oct in SP
    const events = [
      ...Array(10).fill('visitante'),
      ...Array(6).fill('botao_compra'),
      ...Array(8).fill('checkout'),
      ...Array(3).fill('pedido_finalizado'),
    ].map((etapa) => ({ etapa, createdAt: new Date('2026-11-15T12:00:00Z') }));
    await app.database.db.insert(analytics).values(events);

    const custom = (
      await adminGet('/api/admin/dashboard?period=custom&from=2026-11-01&to=2026-11-30')
    ).json();
    const month = (await adminGet('/api/admin/dashboard?period=month')).json();
    expect(month).toEqual(custom);
    // Orders created by other tests of this file are in 2026-11-20, hence the extra counts: read them off.
    const others = (
      await adminGet('/api/admin/orders?period=custom&from=2026-11-20&to=2026-11-20&pageSize=100')
    ).json();
    const extra = others.orders as Array<{
      totalCents: number;
      paymentStatus: string;
      paymentMethod: string;
    }>;
    const extraTotal = extra.reduce((s, o) => s + o.totalCents, 0);
    expect(month.metrics).toEqual({
      orders: 4 + extra.length,
      revenueCents: 10000 + 7000,
      pendingCents: 20000 + 3000 + extraTotal,
      averageTicketCents: Math.round((40000 + extraTotal) / (4 + extra.length)),
      pixCount: 2 + extra.filter((o) => o.paymentMethod === 'pix').length,
      whatsappCount: 1,
      conversionRate: Math.round(((4 + extra.length) / 8) * 1000) / 10,
      cancelled: 1,
    });
    expect(month.funnel).toEqual({
      visitantes: 10,
      botaoCompra: 6,
      checkout: 8,
      pedidosFinalizados: 3,
      percentages: { botaoCompra: 60, checkout: 80, pedidosFinalizados: 30 },
      conversaoFinal: 30,
    });
    const today = (await adminGet('/api/admin/dashboard?period=today')).json();
    expect(today.metrics.orders).toBe(1);
    expect(today.metrics.revenueCents).toBe(7000);
  });

  it('gives the same funnel from the daily rollup as from the raw events', async () => {
    const before = (await adminGet('/api/admin/dashboard?period=month')).json().funnel;
    await funnelRollupRepo.rollUp(app.database.db, new Date(now));
    expect((await adminGet('/api/admin/dashboard?period=month')).json().funnel).toEqual(before);
    expect(
      (await adminGet('/api/admin/dashboard?period=custom&from=2026-11-15&to=2026-11-15')).json().funnel
        .visitantes,
    ).toBe(10);
  });

  it('gives the same totals from the orders rollup as from the rows, and rolled days follow changes', async () => {
    const periods = ['month', 'today', '7d', '30d', 'all', 'custom&from=2026-11-05&to=2026-11-10'];
    // What the panel must show, counted straight from the orders table.
    const counted = async (period: string, status?: string) => {
      const { range } = {
        range: periodRange(period.split('&')[0] as Period, new Date(now), ...customDays(period)),
      };
      const rows = (await app.database.db.select().from(orders)).filter(
        (o) =>
          (!range.start || o.createdAt >= range.start) &&
          (!range.end || o.createdAt < range.end) &&
          (!status || o.status === status),
      );
      return {
        orders: rows.length,
        revenueCents: rows.filter((o) => o.paymentStatus === 'paid').reduce((s, o) => s + o.totalCents, 0),
        pendingCents: rows.filter((o) => o.paymentStatus === 'unpaid').reduce((s, o) => s + o.totalCents, 0),
        pixCount: rows.filter((o) => o.paymentMethod === 'pix').length,
        whatsappCount: rows.filter((o) => o.paymentMethod === 'whatsapp').length,
        cancelled: rows.filter((o) => o.status === 'cancelado').length,
      };
    };
    const shown = async (period: string, status?: string) => {
      const filter = status ? `&status=${status}` : '';
      const { metrics } = (await adminGet(`/api/admin/dashboard?period=${period}${filter}`)).json();
      const { total } = (await adminGet(`/api/admin/orders?period=${period}${filter}`)).json();
      expect(total).toBe(metrics.orders);
      const { averageTicketCents: _a, conversionRate: _c, ...sums } = metrics;
      return sums;
    };
    const expectAllExact = async () => {
      for (const period of periods) {
        expect(await shown(period), period).toEqual(await counted(period));
        expect(await shown(period, 'cancelado'), period).toEqual(await counted(period, 'cancelado'));
      }
    };
    await expectAllExact();
    await ordersRollupRepo.rollUp(app.database.db, new Date(now));
    const [state] = await app.database.db.select().from(rollupState);
    expect(state?.rolledUntil).toBe('2026-11-29');
    await expectAllExact();

    // Changes to rolled-up days: an order moved into one, an operator edit, a deletion.
    const moved = await seed('2026-11-06T12:00:00Z', { totalCents: 4500, instagram: 'rollup.movida' });
    await expectAllExact();
    const edited = await app.server.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${moved}`,
      headers: { cookie: adminCookie },
      payload: { status: 'em_transporte', paymentStatus: 'paid' },
    });
    expect(edited.statusCode).toBe(200);
    await expectAllExact();
    const deleted = await seed('2026-11-07T12:00:00Z', { totalCents: 5500, instagram: 'rollup.apagada' });
    await app.database.db.delete(payments).where(eq(payments.orderId, deleted));
    await app.database.db.delete(orderAudit).where(eq(orderAudit.orderId, deleted));
    await app.database.db.delete(orders).where(eq(orders.id, deleted));
    await expectAllExact();
    // A second pass the same day changes nothing.
    await ordersRollupRepo.rollUp(app.database.db, new Date(now));
    await expectAllExact();
  });

  it('caps funnel percentages at 100', async () => {
    await app.database.db.insert(analytics).values(
      Array(30)
        .fill(0)
        .map((): typeof analytics.$inferInsert => ({
          etapa: 'checkout',
          createdAt: new Date('2026-11-16T12:00:00Z'),
        })),
    );
    const month = (await adminGet('/api/admin/dashboard?period=month')).json();
    expect(month.funnel.percentages.checkout).toBe(100);
  });

  it('filters the list by status and text, pages and sorts it, and exports the same rows as CSV', async () => {
    const byStatus = (await adminGet('/api/admin/orders?period=all&status=cancelado')).json();
    expect(byStatus.orders.map((o: { instagram: string }) => o.instagram)).toEqual(['loja.c']);
    const byText = (await adminGet('/api/admin/orders?period=all&q=LOJA.B')).json();
    expect(byText.total).toBe(1);
    const paged = (
      await adminGet('/api/admin/orders?period=all&q=loja.&pageSize=2&page=2&sort=total_cents&dir=asc')
    ).json();
    expect(paged.orders.map((o: { totalCents: number }) => o.totalCents)).toEqual([10000, 20000]);
    expect(paged.total).toBe(5);
    const csv = await adminGet('/api/admin/orders.csv?period=all&q=loja.');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain('codigo;criado_em;nome');
    // Brazilian spreadsheet conventions: ';' between cells, decimal comma, São Paulo time.
    const outubro = lines.find((l) => l.includes('loja.outubro'))!.split(';');
    expect(outubro[2]).toBe('31/10/2026 23:59');
    expect(outubro[12]).toBe('999,00');
  });

  it('exports in batches without losing or repeating rows, microsecond ties included', async () => {
    const [a, b] = await app.database.db.select({ id: orders.id }).from(orders).limit(2);
    await app.database.db.execute(
      sql`update orders set created_at = '2026-11-02 12:00:00.123456+00' where id in (${a!.id}, ${b!.id})`,
    );
    const filters = { range: { start: null, end: null } };
    const whole = async (batch: number) => {
      const chunks: string[] = [];
      for await (const chunk of ordersCsv(app.database.db, filters, batch)) chunks.push(chunk);
      return chunks;
    };
    const inOne = (await whole(100_000)).join('');
    for (const batch of [1, 2, 3]) expect((await whole(batch)).join('')).toBe(inOne);
    const count = (await app.database.db.select({ id: orders.id }).from(orders)).length;
    expect(inOne.trim().split('\r\n')).toHaveLength(count + 1);
  });

  it('saves notes trimmed (or null), changes statuses, and keeps an audit trail', async () => {
    const id = await seed('2026-11-25T12:00:00Z', { instagram: 'loja.audit' });
    const patch = (payload: unknown) =>
      app.server.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${id}`,
        headers: { cookie: adminCookie },
        payload: payload as object,
      });
    expect((await patch({ note: '  Cliente pediu pressa  ' })).json().order.note).toBe(
      'Cliente pediu pressa',
    );
    expect((await patch({ note: '   ' })).json().order.note).toBeNull();
    const changed = (await patch({ status: 'em_transporte', paymentStatus: 'paid' })).json().order;
    expect(changed).toMatchObject({ status: 'em_transporte', paymentStatus: 'paid' });
    expect((await patch({ status: 'voando' })).statusCode).toBe(400);
    // The operator's own changes (the order's other history, such as its charges: order-history.test.ts).
    const audit = (await app.database.db.select().from(orderAudit).where(eq(orderAudit.orderId, id))).filter(
      (a) => ['note', 'status', 'payment_status'].includes(a.field),
    );
    expect(audit.map((a) => [a.field, a.oldValue, a.newValue, a.actor]).sort()).toEqual(
      [
        ['note', null, 'Cliente pediu pressa', adminEmail],
        ['note', 'Cliente pediu pressa', null, adminEmail],
        ['payment_status', 'unpaid', 'paid', adminEmail],
        ['status', 'pendente', 'em_transporte', adminEmail],
      ].sort(),
    );
    expect((await adminGet(`/api/admin/orders/${id}/audit`)).json().audit.length).toBeGreaterThanOrEqual(4);
  });
});
