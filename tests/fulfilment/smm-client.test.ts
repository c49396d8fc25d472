import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmmPanel } from '#server/fulfilment/smm-panel.ts';
import { closedPortUrl, startFakeSmmPanel, type FakeSmmPanel } from '../fake-smm/fake-smm-panel';

// The API v2 client against the fake panel: form body, string numbers, `{error}` with HTTP 200, and the
// outcome of `add` told apart by what it means for sending again.

let fake: FakeSmmPanel;
let client: ReturnType<typeof createSmmPanel>;
beforeAll(async () => {
  fake = await startFakeSmmPanel();
  client = createSmmPanel({ apiUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 500 });
});
afterAll(() => fake.close());

const order = {
  kind: 'default' as const,
  service: '101',
  link: 'https://www.instagram.com/cliente/',
  quantity: 100,
};

describe('SMM panel client', () => {
  it('reads services and balance with numbers sent as strings', async () => {
    const services = await client.services();
    expect(services[0]).toEqual({
      service: '101',
      name: 'Instagram Followers BR',
      type: 'Default',
      rate: '9.50',
      min: 10,
      max: 50000,
      dripfeed: false,
      refill: true,
      cancel: true,
    });
    expect(services.find((s) => s.service === '104')).toMatchObject({ type: 'Subscriptions', min: 20 });
    expect(await client.balance()).toEqual({ balance: 100, currency: 'USD' });
  });

  it('adds an order and reads many statuses in one call', async () => {
    const a = await client.add(order);
    const b = await client.add({ ...order, link: 'https://www.instagram.com/outro/' });
    expect(a.kind).toBe('accepted');
    const ids = [a, b].map((o) => (o.kind === 'accepted' ? o.panelOrderId : ''));
    fake.setStatus(ids[1]!, 'Partial', 40);
    const statuses = await client.status([...ids, '999999']);
    expect(statuses.get(ids[0]!)).toMatchObject({ state: 'pending', remains: 100, charge: '0.9500' });
    expect(statuses.get(ids[1]!)).toMatchObject({ state: 'partial', remains: 40 });
    expect(statuses.has('999999')).toBe(false);
    expect(fake.calls.at(-1)).toEqual({ action: 'status', fields: { orders: `${ids.join(',')},999999` } });
  });

  it('tells refusals (HTTP 200 with error) from unknown outcomes and from requests never sent', async () => {
    fake.failNextAdd({ kind: 'bad_link' });
    expect(await client.add(order)).toMatchObject({ kind: 'refused', reason: 'bad_link' });
    fake.failNextAdd({ kind: 'no_funds' });
    expect(await client.add(order)).toMatchObject({ kind: 'refused', reason: 'no_funds' });
    expect(await client.add({ ...order, quantity: 1 })).toMatchObject({ kind: 'refused', reason: 'other' });
    fake.failNextAdd({ kind: 'slow', ms: 800 });
    expect(await client.add(order)).toMatchObject({ kind: 'unknown' });
    fake.failNextAdd({ kind: 'error500' });
    expect(await client.add(order)).toMatchObject({ kind: 'unknown' });
    fake.failNextAdd({ kind: 'malformed' });
    expect(await client.add(order)).toMatchObject({ kind: 'unknown' });
    fake.failNextAdd({ kind: 'reset' });
    expect(await client.add(order)).toMatchObject({ kind: 'unknown' });
    const closed = createSmmPanel({ apiUrl: await closedPortUrl(), apiKey: 'k', timeoutMs: 500 });
    expect(await closed.add(order)).toMatchObject({ kind: 'not_sent' });
  });

  it('a wrong key is an error, never an accepted order', async () => {
    const wrongKey = createSmmPanel({ apiUrl: fake.url, apiKey: 'wrong', timeoutMs: 500 });
    expect(await wrongKey.add(order)).toMatchObject({
      kind: 'refused',
      reason: 'other',
      message: 'Invalid API key',
    });
    await expect(wrongKey.balance()).rejects.toThrow('Invalid API key');
  });

  it('asks for a refill and its status', async () => {
    const added = await client.add(order);
    const id = added.kind === 'accepted' ? added.panelOrderId : '';
    const refill = await client.refill(id);
    expect(refill).toEqual({ refillId: expect.any(String) });
    expect(await client.refillStatus((refill as { refillId: string }).refillId)).toBe('pending');
    expect(await client.refill(id)).toEqual({ error: 'Refill already requested' });
  });

  const subscription = {
    kind: 'subscription' as const,
    service: '104',
    username: 'cliente',
    min: 40,
    max: 40,
    expiry: '12/23/2026',
  };

  it('a subscription order names the profile, per-post min/max and its expiry; the panel checks each', async () => {
    const added = await client.add(subscription);
    expect(added.kind).toBe('accepted');
    expect(fake.calls.at(-1)).toEqual({
      action: 'add',
      fields: { service: '104', username: 'cliente', min: '40', max: '40', expiry: '12/23/2026' },
    });
    const id = added.kind === 'accepted' ? added.panelOrderId : '';
    expect((await client.status([id])).get(id)).toMatchObject({ state: 'in_progress' });
    fake.setStatus(id, 'Expired');
    expect((await client.status([id])).get(id)).toMatchObject({ state: 'completed' });
    // As strict as a real panel: range, expiry format, profile, and the type's own fields.
    expect(await client.add({ ...subscription, min: 5, max: 5 })).toMatchObject({ kind: 'refused' });
    expect(await client.add({ ...subscription, expiry: '2026-12-23' })).toMatchObject({ kind: 'refused' });
    expect(await client.add({ ...subscription, username: 'perfil privado' })).toMatchObject({
      kind: 'refused',
      reason: 'bad_link',
    });
    expect(await client.add({ ...order, service: '104' })).toMatchObject({ kind: 'refused' });
  });

  it('cancels a subscription where the service allows it, refuses where not, and can lose the answer', async () => {
    const idOf = async (service: string) => {
      const added = await client.add({ ...subscription, service, min: 100, max: 100 });
      return added.kind === 'accepted' ? added.panelOrderId : '';
    };
    const likes = await idOf('104');
    expect(await client.cancel(likes)).toEqual({ kind: 'canceled' });
    expect(fake.orders.get(likes)!.status).toBe('Canceled');
    expect(await client.cancel(likes)).toMatchObject({ kind: 'refused' });
    expect(await client.cancel(await idOf('105'))).toEqual({
      kind: 'refused',
      message: 'Cancel is disabled for this service',
    });
    const lost = await idOf('106');
    fake.failNextCancel({ kind: 'reset' });
    expect(await client.cancel(lost)).toMatchObject({ kind: 'unknown' });
    expect(fake.orders.get(lost)!.status).toBe('Canceled');
  });
});
