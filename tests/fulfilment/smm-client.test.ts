import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmmPanel } from '#server/fulfilment/smm-panel.ts';
import {
  closedPortUrl,
  lostAnswerFaults,
  startFakeSmmPanel,
  type FakeSmmPanel,
} from '../fake-smm/fake-smm-panel';

// The API v2 client against the fake panel (its rules: tests/fake-smm/CONTRACT.md): form body, string
// numbers, `{error}` with a 4xx status or with 200, and every action's answer told apart by what it means
// for asking again: done, refused, try again, or unknown.

let fake: FakeSmmPanel;
let client: ReturnType<typeof createSmmPanel>;
beforeAll(async () => {
  fake = await startFakeSmmPanel();
  client = createSmmPanel({ apiUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 1000 });
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

  for (const errorStatuses of ['http', 'classic'] as const)
    it(`tells refusals (${errorStatuses === 'http' ? '4xx' : 'HTTP 200'} with error) from unknown outcomes and from requests not done`, async () => {
      fake.errorStatuses = errorStatuses;
      try {
        fake.failNextAdd({ kind: 'bad_link' });
        expect(await client.add(order)).toMatchObject({ kind: 'refused', reason: 'bad_link' });
        fake.failNextAdd({ kind: 'no_funds' });
        expect(await client.add(order)).toMatchObject({ kind: 'refused', reason: 'no_funds' });
        expect(await client.add({ ...order, quantity: 1 })).toMatchObject({
          kind: 'refused',
          reason: 'other',
        });
        expect(await client.add({ ...order, service: '999' })).toMatchObject({
          kind: 'refused',
          reason: 'other',
          message: 'Service ID does not exist',
        });
      } finally {
        fake.errorStatuses = 'http';
      }
      for (const fault of lostAnswerFaults) {
        fake.failNextAdd(fault);
        expect(await client.add(order)).toMatchObject({ kind: 'unknown' });
      }
      // A rate limit did nothing: sent again later, like a panel out of reach.
      const before = fake.orders.size;
      fake.failNextAdd({ kind: 'rate_limited' });
      expect(await client.add(order)).toEqual({ kind: 'not_sent', message: 'add: Too many requests' });
      expect(fake.orders.size).toBe(before);
      const closed = createSmmPanel({ apiUrl: await closedPortUrl(), apiKey: 'k', timeoutMs: 500 });
      expect(await closed.add(order)).toMatchObject({ kind: 'not_sent' });
    });

  it('every other action reads a 4xx or 5xx answer too: a refusal keeps its message, nothing is taken as read', async () => {
    const added = await client.add(order);
    const id = added.kind === 'accepted' ? added.panelOrderId : '';
    const refillsOf = () => [...fake.refills.values()].filter((r) => r.order === id).length;
    // A rate limit did nothing; a 5xx may have done it (the fake did): neither is read as an answer.
    for (const fault of [{ kind: 'rate_limited' }, { kind: 'error503' }, { kind: 'error500' }] as const) {
      for (const action of ['balance', 'services', 'status', 'refill'] as const) fake.failNext(action, fault);
      await expect(client.balance()).rejects.toThrow(/^balance: /);
      await expect(client.services()).rejects.toThrow(/^services: /);
      await expect(client.status([id])).rejects.toThrow(/^status: /);
      await expect(client.refill(id)).rejects.toThrow(/^refill: /);
      expect(refillsOf()).toBe(fault.kind === 'rate_limited' ? 0 : 1);
    }
    // A 404 with {error} is the panel's word, not a lost answer.
    expect(await client.refill('999999')).toEqual({ error: 'Incorrect order ID' });
    await expect(client.refillStatus('999999')).rejects.toThrow('refill_status: Refill not found');
    expect((await client.status([id])).get(id)).toMatchObject({ state: 'pending' });
  });

  it('a wrong key is an error, never an accepted order', async () => {
    const wrongKey = createSmmPanel({ apiUrl: fake.url, apiKey: 'wrong', timeoutMs: 500 });
    expect(await wrongKey.add(order)).toMatchObject({
      kind: 'refused',
      reason: 'other',
      message: 'Invalid API key',
    });
    await expect(wrongKey.balance()).rejects.toThrow('balance: Invalid API key');
    expect(await wrongKey.cancel('23501')).toEqual({ kind: 'refused', message: 'Invalid API key' });
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
    delayMinutes: 0 as const,
    // São Paulo midnight of 23 December.
    expiresAt: new Date('2026-12-23T03:00:00Z'),
  };

  it('a subscription order names the profile, per-post min/max, its delay and its expiry day first; the panel checks each', async () => {
    const added = await client.add(subscription);
    expect(added.kind).toBe('accepted');
    expect(fake.calls.at(-1)).toEqual({
      action: 'add',
      fields: { service: '104', username: 'cliente', min: '40', max: '40', delay: '0', expiry: '23/12/2026' },
    });
    const id = added.kind === 'accepted' ? added.panelOrderId : '';
    expect(fake.orders.get(id)!.subscription).toMatchObject({ delay: 0, expiresOn: '2026-12-23' });
    // A day ≤ 12 reaches the panel as that day, not as a month.
    const early = await client.add({
      ...subscription,
      delayMinutes: 90,
      expiresAt: new Date('2026-12-05T03:00:00Z'),
    });
    const earlyId = early.kind === 'accepted' ? early.panelOrderId : '';
    expect(fake.orders.get(earlyId)!.subscription).toMatchObject({ delay: 90, expiresOn: '2026-12-05' });
    expect((await client.status([id])).get(id)).toMatchObject({ state: 'in_progress' });
    fake.setStatus(id, 'Expired');
    expect((await client.status([id])).get(id)).toMatchObject({ state: 'completed' });
    // As strict as a real panel: range, profile, and the type's own fields.
    expect(await client.add({ ...subscription, min: 5, max: 5 })).toMatchObject({ kind: 'refused' });
    expect(await client.add({ ...subscription, username: 'perfil privado' })).toMatchObject({
      kind: 'refused',
      reason: 'bad_link',
    });
    expect(await client.add({ ...order, service: '104' })).toMatchObject({ kind: 'refused' });
  });

  it('the panel reads expiry as d/m/Y and delay from its published list, as its API page says (S4–S6)', async () => {
    const fields = {
      key: fake.apiKey,
      action: 'add',
      service: '104',
      username: 'cliente',
      min: '40',
      max: '40',
    };
    const post = async (extra: Record<string, string>) => {
      const res = await fetch(fake.url, {
        method: 'POST',
        body: new URLSearchParams({ ...fields, ...extra }),
      });
      return { status: res.status, body: (await res.json()) as { error?: string; order?: number } };
    };
    // MM/DD/YYYY with a day after the 12th puts the day in the month's place.
    expect(await post({ delay: '0', expiry: '12/23/2026' })).toEqual({
      status: 400,
      body: { error: 'Incorrect expiry date' },
    });
    expect((await post({ delay: '0', expiry: '31/02/2027' })).status).toBe(400);
    expect((await post({ delay: '0', expiry: '2026-12-23' })).status).toBe(400);
    expect(await post({ expiry: '23/12/2026' })).toEqual({ status: 400, body: { error: 'Missing delay' } });
    expect(await post({ delay: '45', expiry: '23/12/2026' })).toEqual({
      status: 400,
      body: { error: 'Incorrect delay' },
    });
    const taken = await post({ delay: '600', expiry: '05/01/2027' });
    expect(taken.status).toBe(200);
    expect(fake.orders.get(String(taken.body.order))!.subscription).toMatchObject({
      delay: 600,
      expiresOn: '2027-01-05',
    });
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
    // A 503 may have cancelled it; a 429 did not, and asking again does.
    const unavailable = await idOf('104');
    fake.failNextCancel({ kind: 'error503' });
    expect(await client.cancel(unavailable)).toMatchObject({ kind: 'unknown' });
    const limited = await idOf('104');
    fake.failNextCancel({ kind: 'rate_limited' });
    expect(await client.cancel(limited)).toEqual({ kind: 'retry', message: 'cancel: Too many requests' });
    expect(fake.orders.get(limited)!.status).toBe('Active');
    expect(await client.cancel(limited)).toEqual({ kind: 'canceled' });
  });
});
