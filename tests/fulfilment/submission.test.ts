import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '#server/db/schema/index.ts';
import { catalogueRepo } from '#server/catalogue/catalogue.repo.ts';
import { catalogueWritesRepo } from '#server/catalogue/catalogue-writes.repo.ts';
import { closedPortUrl, lostAnswerFaults } from '../fake-smm/fake-smm-panel';
import { startFulfilmentTestApp, type FulfilmentTestApp } from '../helpers/fulfilment-app';
import { orderProof } from '../helpers/order-request';

// Submitting deliveries to the panel (issue 11): one `add` per item, each panel answer handled as the
// reference says, and an unknown outcome never sent again by itself.

let t: FulfilmentTestApp;
beforeAll(async () => {
  t = await startFulfilmentTestApp();
});
afterAll(() => t.close());

const drain = () => t.app.jobs.drain();
const owner = 'dona@impulso.example';

describe('a paid order at the panel', () => {
  it('becomes one delivery per item, each submitted once with the right link and service', async () => {
    const before = t.panel.addCalls();
    const orderId = await t.paidOrder({
      item: { type: 'followers', amount: 1000 },
      instagram: '@loja.da.ana',
      addOns: ['likes', 'views'],
      addOnLinks: {
        likes: 'https://www.instagram.com/p/ABC123/',
        views: 'https://www.instagram.com/reel/XYZ9/',
      },
    });
    const created = await t.deliveriesOf(orderId);
    expect(created.map((d) => [d.itemKey, d.state])).toEqual([
      ['add_on:likes', 'queued'],
      ['add_on:views', 'queued'],
      ['package', 'queued'],
    ]);
    await drain();
    const sent = t.panel.calls.filter((c) => c.action === 'add').slice(before);
    expect(sent.map((c) => c.fields).sort((a, b) => a.service!.localeCompare(b.service!))).toEqual([
      { service: '101', link: 'https://www.instagram.com/loja.da.ana/', quantity: '1000' },
      { service: '102', link: 'https://www.instagram.com/p/ABC123/', quantity: '300' },
      { service: '103', link: 'https://www.instagram.com/reel/XYZ9/', quantity: '300' },
    ]);
    const after = await t.deliveriesOf(orderId);
    expect(after.every((d) => d.state === 'pending' && t.panel.orders.has(d.panelOrderId!))).toBe(true);
    // Draining again sends nothing.
    await drain();
    expect(t.panel.addCalls() - before).toBe(3);
  });

  for (const fault of lostAnswerFaults) {
    it(`an unknown outcome (${fault.kind}) goes to 'a conferir', alerts the owner, and is not sent again`, async () => {
      t.panel.failNextAdd(fault);
      const before = t.panel.addCalls();
      const alertsBefore = (await t.emailsTo(owner)).length;
      const orderId = await t.paidOrder({ instagram: `@conferir_${fault.kind}` });
      await drain();
      t.advance(3_600_000);
      await drain();
      const [delivery] = await t.deliveriesOf(orderId);
      expect(delivery).toMatchObject({ state: 'unknown', panelOrderId: null, submitAttempts: 1 });
      expect(t.panel.addCalls() - before).toBe(1);
      // The panel did take it: the operator will find it there.
      expect([...t.panel.orders.values()].some((o) => o.link.includes(`conferir_${fault.kind}`))).toBe(true);
      const alerts = (await t.emailsTo(owner)).slice(alertsBefore);
      expect(alerts.map((e) => e.subject)).toEqual(['[Impulso] Entrega a conferir']);
    });
  }

  it('a rate limit (HTTP 429): nothing bought, so the job sends it again later, once', async () => {
    t.panel.failNextAdd({ kind: 'rate_limited' }, (f) => f.link?.includes('limite.de.chamadas') ?? false);
    const before = t.panel.addCalls();
    const orderId = await t.paidOrder({ instagram: '@limite.de.chamadas' });
    await drain();
    const [waiting] = await t.deliveriesOf(orderId);
    expect(waiting).toMatchObject({
      state: 'queued',
      lastError: 'add: Too many requests',
      submitAttempts: 1,
    });
    t.advance(10 * 60_000);
    await drain();
    const [sent] = await t.deliveriesOf(orderId);
    expect(sent).toMatchObject({ state: 'pending', submitAttempts: 2 });
    expect(t.panel.addCalls() - before).toBe(2);
    expect([...t.panel.orders.values()].filter((o) => o.link.includes('limite.de.chamadas'))).toHaveLength(1);
  });

  it('no funds: nothing bought, tried again later with an alert, delivered once funds are back', async () => {
    t.panel.failNextAdd({ kind: 'no_funds' });
    const orderId = await t.paidOrder({ instagram: '@sem_saldo' });
    await drain();
    const [waiting] = await t.deliveriesOf(orderId);
    expect(waiting).toMatchObject({ state: 'queued', lastError: 'Not enough funds on balance' });
    expect((await t.emailsTo(owner)).some((e) => e.subject.includes('Saldo insuficiente'))).toBe(true);
    const retry = await t.app.database.db.select().from(jobs).where(eq(jobs.kind, 'submit_delivery'));
    expect(retry.some((j) => j.doneAt === null && j.runAt > t.now())).toBe(true);
    t.advance(10 * 60_000);
    await drain();
    const [sent] = await t.deliveriesOf(orderId);
    expect(sent).toMatchObject({ state: 'pending', submitAttempts: 2 });
  });

  it("a bad link: 'link inválido', the buyer is told and corrects it on the order page, then it is sent", async () => {
    t.panel.failNextAdd({ kind: 'bad_link' });
    const orderId = await t.paidOrder({ instagram: '@perfil.fechado', email: 'bia@exemplo.com' });
    await drain();
    const [bad] = await t.deliveriesOf(orderId);
    expect(bad!.state).toBe('invalid_link');
    const mail = (await t.emailsTo('bia@exemplo.com')).find((e) => e.subject.startsWith('Ação necessária'));
    expect(mail?.text).toContain(`/order/${orderId}`);
    const view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
    expect(view.fulfilment.deliveries[0]).toMatchObject({ state: 'invalid_link', product: 'followers' });

    const url = `/api/orders/${orderId}/deliveries/${bad!.id}/link`;
    const headers = orderProof(orderId);
    const wrong = await t.app.server.inject({
      method: 'POST',
      url,
      headers,
      payload: { link: 'não é um @' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.server.inject({
      method: 'POST',
      url,
      headers,
      payload: { link: '@perfil.aberto' },
    });
    expect(ok.statusCode).toBe(200);
    await drain();
    const [fixed] = await t.deliveriesOf(orderId);
    expect(fixed).toMatchObject({ state: 'pending', link: 'https://www.instagram.com/perfil.aberto/' });
    // Only an invalid link can be changed.
    const again = await t.app.server.inject({ method: 'POST', url, headers, payload: { link: '@outro' } });
    expect(again.statusCode).toBe(409);
  });

  it("a panel that cannot be reached: nothing was sent, so the delivery stays queued for the job's retry", async () => {
    const down = await startFulfilmentTestApp({ SMM_API_URL: await closedPortUrl() }, { panel: t.panel });
    try {
      const orderId = await down.paidOrder({ instagram: '@painel_fora' });
      await down.app.jobs.drain();
      const [waiting] = await down.deliveriesOf(orderId);
      expect(waiting!.state).toBe('queued');
      expect([...t.panel.orders.values()].some((o) => o.link.includes('painel_fora'))).toBe(false);
    } finally {
      await down.close();
    }
  });

  it('a service id the panel does not have is refused before any call, and the owner alerted', async () => {
    const wrong = await startFulfilmentTestApp({ SMM_SERVICE_VIEWS: '999' }, { panel: t.panel });
    try {
      const before = t.panel.addCalls();
      const orderId = await wrong.paidOrder({
        item: { type: 'views', amount: 1000 },
        postLink: 'https://www.instagram.com/reel/ABCDEF/',
      });
      await wrong.app.jobs.drain();
      const [refused] = await wrong.deliveriesOf(orderId);
      expect(refused).toMatchObject({ state: 'refused' });
      expect(refused!.lastError).toContain('999');
      expect(t.panel.addCalls()).toBe(before);
      expect((await wrong.emailsTo(owner)).map((e) => e.subject)).toContain(
        '[Impulso] Entrega recusada pelo fornecedor',
      );
    } finally {
      await wrong.close();
    }
  });

  it('a package with its own panel service (panel editor) goes there; the guarantee is the one in force when paid', async () => {
    const db = t.app.database.db;
    t.panel.services.push({ ...t.panel.services[0]!, service: 107, name: 'Instagram Followers BR Premium' });
    const pack = (await catalogueRepo.findPackage(db, 'followers', 2000))!;
    await catalogueWritesRepo.updatePackage(
      db,
      'followers',
      2000,
      { ...pack, panelServiceId: '107' },
      t.now(),
    );
    await catalogueWritesRepo.updateProduct(
      db,
      'followers',
      { addOnUnitCents: 6, guaranteeDays: 45 },
      t.now(),
    );
    const before = t.panel.addCalls();
    const orderId = await t.paidOrder({
      item: { type: 'likes', amount: 500 },
      postLink: 'https://www.instagram.com/p/ABC123/',
      addOns: ['followers'],
    });
    const other = await t.paidOrder({ item: { type: 'followers', amount: 2000 } });
    // Lowered after the sale: the orders keep the 45 days they were sold with.
    await catalogueWritesRepo.updateProduct(
      db,
      'followers',
      { addOnUnitCents: 6, guaranteeDays: 10 },
      t.now(),
    );
    t.advance(120_000); // the panel's service list, read earlier, is looked at again for the new service
    await drain();
    const sent = t.panel.calls.filter((c) => c.action === 'add').slice(before);
    expect(sent.map((c) => [c.fields.service, c.fields.quantity]).sort()).toEqual([
      ['101', '150'], // a followers add-on: the type's service
      ['102', '500'],
      ['107', '2000'], // the package's own
    ]);
    const items = [...(await t.deliveriesOf(orderId)), ...(await t.deliveriesOf(other))];
    expect(items.map((d) => [d.product, d.guaranteeDays]).sort()).toEqual([
      ['followers', 45],
      ['followers', 45],
      ['likes', 15],
    ]);
  });
});
