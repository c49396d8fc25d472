import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { catalogueRepo } from '#server/catalogue/catalogue.repo.ts';
import { openDatabase } from '#server/db/client.ts';
import { orders, ownerAudit } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import { openingCatalogue } from './helpers/opening-catalogue';
import { placeOrder } from './helpers/order-request';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';

// Issue 13: the catalogue lives in the database and the owner edits it in the panel.

const adminEmail = 'dona@impulso.com.br';
const web = {
  clientDir: path.resolve(import.meta.dirname, 'fixtures/pages'),
  ssrEntryFile: path.resolve(import.meta.dirname, 'fixtures/pages/entry-server.mjs'),
};
const followers1000 = {
  amount: 1000,
  priceCents: 8590,
  popular: true,
  available: true,
  perks: [],
  panelServiceId: null,
};

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail, UNAVAILABLE_PACKAGES: 'views-5000' }, { web });
  cookie = await operatorCookie(app, adminEmail);
});
afterAll(() => app.close());

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const totalOf = async (orderId: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.totalCents;

describe('the catalogue in the database', () => {
  it('is seeded by the migration with the catalogue the shop opened with', async () => {
    const { version, ...stored } = await catalogueRepo.load(app.database.db);
    const { version: _opening, ...opening } = openingCatalogue;
    expect(stored).toEqual(opening);
    expect(version).toBeGreaterThan(0);
    const served = (await app.server.inject({ method: 'GET', url: '/api/catalogue' })).json();
    expect(JSON.stringify(served)).not.toContain('panelServiceId');
  });

  it('a new price applies to new orders at once; orders already placed keep theirs; audited', async () => {
    const before = await placeOrder(app);
    expect(before.statusCode).toBe(201);
    const edited = await admin('PATCH', '/api/admin/catalogue/packages/followers/1000', {
      ...followers1000,
      priceCents: 7990,
    });
    expect(edited.statusCode).toBe(200);
    const after = await placeOrder(app);
    expect(after.statusCode).toBe(201);
    expect(await totalOf(before.json().order.id)).toBe(8590);
    expect(await totalOf(after.json().order.id)).toBe(7990);

    const audit = await app.database.db
      .select()
      .from(ownerAudit)
      .where(eq(ownerAudit.entityId, 'followers-1000'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'catalogue_package', actor: adminEmail });
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ priceCents: 8590 });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ priceCents: 7990 });
    // The editor lists the change.
    const listed = (await admin('GET', '/api/admin/catalogue')).json();
    expect(listed.audit[0]).toMatchObject({ entityId: 'followers-1000', actor: adminEmail });
  });

  it('add-on prices, guarantees and plans are edited the same way', async () => {
    expect(
      (await admin('PATCH', '/api/admin/catalogue/products/likes', { addOnUnitCents: 10, guaranteeDays: 20 }))
        .statusCode,
    ).toBe(200);
    const plan = await admin('PATCH', '/api/admin/catalogue/plans/simples', {
      priceCents: 18900,
      popular: true,
      badge: 'Promoção',
      features: ['40 curtidas por publicação'],
      benefits: ['Suporte prioritário'],
      dailyMin: 30,
      dailyMax: 50,
    });
    expect(plan.statusCode).toBe(200);
    const withAddOn = await placeOrder(app, {
      addOns: ['likes'],
      addOnLinks: { likes: 'https://www.instagram.com/p/Cx1abd/' },
    });
    // 1.000 followers at the new R$ 79,90 + 300 likes at R$ 0,10.
    expect(await totalOf(withAddOn.json().order.id)).toBe(7990 + 3000);
    const monthly = await placeOrder(app, { item: { type: 'recurring', plan: 'simples' } });
    expect(await totalOf(monthly.json().order.id)).toBe(18900);
    const served = (await app.server.inject({ method: 'GET', url: '/api/catalogue' })).json();
    expect(served.plans[1]).toMatchObject({ badge: 'Promoção', dailyFollowers: { min: 30, max: 50 } });
    expect(served.products[1]).toMatchObject({ addOnUnitCents: 10, guaranteeDays: 20 });
  });

  it("a plan's components: quantity and panel service edited, the card's line follows, the editor warns", async () => {
    const edited = await admin('PATCH', '/api/admin/catalogue/plans/avancado/components/likes_per_post', {
      quantity: 120,
      panelServiceId: '4',
    });
    expect(edited.statusCode).toBe(200);
    // A Default-type service cannot deliver to every new post; 5 story views are under the minimum.
    await admin('PATCH', '/api/admin/catalogue/plans/avancado/components/video_views', {
      quantity: 250,
      panelServiceId: '1',
    });
    await admin('PATCH', '/api/admin/catalogue/plans/avancado/components/story_views', {
      quantity: 5,
      panelServiceId: null,
    });
    expect(
      (await admin('PATCH', '/api/admin/catalogue/plans/avancado/components/likes_per_post', { quantity: 0 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await admin('PATCH', '/api/admin/catalogue/plans/avancado/components/comments', { quantity: 9 }))
        .statusCode,
    ).toBe(404);
    const served = (await app.server.inject({ method: 'GET', url: '/api/catalogue' })).json();
    expect(served.plans[2].features.slice(0, 3)).toEqual([
      '120 curtidas por publicação',
      '5 visualizações de story',
      '250 visualizações de vídeo',
    ]);
    expect(JSON.stringify(served)).not.toContain('panelServiceId');
    const listed = (await admin('GET', '/api/admin/catalogue')).json();
    expect(listed.plans[2].components[0]).toEqual({
      id: 'likes_per_post',
      quantity: 120,
      panelServiceId: '4',
      delayMinutes: 0,
    });
    expect(listed.audit[0]).toMatchObject({ entityId: 'avancado:story_views', actor: adminEmail });
    const report = (await admin('GET', '/api/admin/fulfilment/panel')).json();
    const row = (component: string) =>
      report.components.find(
        (c: { plan: string; component: string }) => c.plan === 'avancado' && c.component === component,
      );
    expect(row('likes_per_post')).toMatchObject({
      serviceId: '4',
      type: 'Subscriptions',
      min: 10,
      max: 10000,
      problem: null,
    });
    expect(row('video_views').problem).toBe(
      'Plano Avançado, visualizações de vídeo: O serviço 1 é do tipo "Default": não entrega a cada nova publicação (precisa ser "Subscriptions").',
    );
    expect(report.warnings).toContain(
      'Plano Avançado, visualizações de story: Quantidade 5 fora do mínimo/máximo do serviço 5 (10–10000).',
    );
  });

  it('a package added in the panel can be bought; UNAVAILABLE_PACKAGES still switches it off', async () => {
    const added = await admin('POST', '/api/admin/catalogue/packages/followers', {
      ...followers1000,
      amount: 1500,
      priceCents: 11990,
      popular: false,
      perks: ['Suporte prioritário'],
      panelServiceId: '4021',
    });
    expect(added.statusCode).toBe(201);
    const bought = await placeOrder(app, { item: { type: 'followers', amount: 1500 } });
    expect(bought.statusCode).toBe(201);
    expect(await totalOf(bought.json().order.id)).toBe(11990);

    await admin('POST', '/api/admin/catalogue/packages/views', {
      ...followers1000,
      amount: 5000,
      priceCents: 4990,
    });
    const off = await placeOrder(app, {
      item: { type: 'views', amount: 5000 },
      postLink: 'https://www.instagram.com/p/ABC123/',
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().code).toBe('unknown_package');
  });

  it('refuses bad numbers, a quantity taken, and switching off the last package of a type', async () => {
    for (const priceCents of [0, -100, 10.5, '8590']) {
      const res = await admin('PATCH', '/api/admin/catalogue/packages/followers/1000', {
        ...followers1000,
        priceCents,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'priceCents',
        message: 'Informe um valor a partir de R$ 0,01.',
      });
    }
    const taken = await admin('POST', '/api/admin/catalogue/packages/followers', followers1000);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Já existe um pacote com esta quantidade para este produto.');
    const moved = await admin('PATCH', '/api/admin/catalogue/packages/followers/1500', {
      ...followers1000,
      amount: 1000,
    });
    expect(moved.statusCode).toBe(409);

    const likes = (await admin('GET', '/api/admin/catalogue')).json().products[1].packages;
    for (const pack of likes.slice(1))
      expect(
        (
          await admin('PATCH', `/api/admin/catalogue/packages/likes/${pack.amount}`, {
            ...pack,
            available: false,
          })
        ).statusCode,
      ).toBe(200);
    const last = await admin('PATCH', `/api/admin/catalogue/packages/likes/${likes[0].amount}`, {
      ...likes[0],
      available: false,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('Deixe ao menos um pacote disponível para cada produto.');
    const stored = await catalogueRepo.findPackage(app.database.db, 'likes', likes[0].amount);
    expect(stored?.available).toBe(true);

    expect((await admin('PATCH', '/api/admin/catalogue/packages/robots/100', followers1000)).statusCode).toBe(
      404,
    );
    expect((await admin('PATCH', '/api/admin/catalogue/packages/likes/777', followers1000)).statusCode).toBe(
      404,
    );
    const badPlan = await admin('PATCH', '/api/admin/catalogue/plans/simples', {
      priceCents: 100,
      dailyMin: 50,
      dailyMax: 10,
    });
    expect(badPlan.statusCode).toBe(400);
  });

  it('only the operator edits it', async () => {
    const anonymous = await app.server.inject({
      method: 'PATCH',
      url: '/api/admin/catalogue/packages/followers/1000',
      payload: { ...followers1000, priceCents: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const audit = await app.database.db
      .select()
      .from(ownerAudit)
      .where(like(ownerAudit.entity, 'catalogue_%'));
    expect(audit.every((row) => row.actor === adminEmail)).toBe(true);
  });
});

describe('cached pages on every instance', () => {
  it('re-render with the new price within 5 s on a second instance of the same database', async () => {
    const database = await createTestDatabase();
    // A second instance: on PostgreSQL its own connection pool, as a second server would have.
    const second = database.url
      ? await openDatabase({
          url: database.url,
          migrationsFolder: path.resolve(import.meta.dirname, '../drizzle'),
          poolSize: 2,
        })
      : database;
    const a = await createTestApp({ ADMIN_EMAIL: adminEmail }, { web, database });
    const b = await createTestApp({}, { web, database: second });
    b.catalogue.start();
    try {
      const page = async (instance: TestApp) =>
        (
          await instance.server.inject({
            method: 'GET',
            url: '/precos',
            headers: { 'accept-encoding': 'identity' },
          })
        ).body;
      expect(await page(a)).toContain('followers-1000: 8590');
      expect(await page(b)).toContain('followers-1000: 8590'); // cached on b now

      const owner = await operatorCookie(a, adminEmail);
      const edited = await a.server.inject({
        method: 'PATCH',
        url: '/api/admin/catalogue/packages/followers/1000',
        headers: { cookie: owner },
        payload: { ...followers1000, priceCents: 6990 },
      });
      expect(edited.statusCode).toBe(200);
      const changedAt = Date.now();
      expect(await page(a)).toContain('followers-1000: 6990');
      let seenAfterMs = -1;
      while (Date.now() - changedAt < 5_000) {
        if ((await page(b)).includes('followers-1000: 6990')) {
          seenAfterMs = Date.now() - changedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      console.info(`second instance re-rendered /precos ${seenAfterMs} ms after the edit`);
      expect(seenAfterMs).toBeGreaterThanOrEqual(0);
      expect(seenAfterMs).toBeLessThan(5_000);
      // And the boot data the browser prices from is the same catalogue.
      expect(await page(b)).toMatch(/"catalogue":\{"version":\d+/);
    } finally {
      await b.catalogue.stop();
      await b.close();
      await a.close();
      if (second !== database) await second.close();
      await database.close();
    }
  });
});

describe('concurrent edits', () => {
  it('two owners switching off the last two packages of a type: one of them is refused', async () => {
    const likes = (await admin('GET', '/api/admin/catalogue')).json().products[1].packages as {
      amount: number;
      available: boolean;
    }[];
    const open = likes.filter((p) => p.available);
    expect(open).toHaveLength(1);
    // Give likes a second available package, then race to switch both off.
    const second = likes.find((p) => !p.available)!;
    await admin('PATCH', `/api/admin/catalogue/packages/likes/${second.amount}`, {
      ...second,
      available: true,
    });
    const answers = await Promise.all(
      [open[0]!, second].map((p) =>
        admin('PATCH', `/api/admin/catalogue/packages/likes/${p.amount}`, { ...p, available: false }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const stored = (await catalogueRepo.load(app.database.db)).products[1]!.packages;
    expect(stored.filter((p) => p.available)).toHaveLength(1);
  });
});
