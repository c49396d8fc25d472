import { describe, expect, it } from 'vitest';
import { panelStateOf, servicesAnswer, statusAnswer } from './smm-answers';
import { refusalOf } from './smm-panel';
import { createSandboxPanel, sandboxIdDeliveredBy } from './sandbox-panel';

describe('panel answers', () => {
  it('normalises the status words panels use', () => {
    expect(panelStateOf('Pending')).toBe('pending');
    expect(panelStateOf('In progress')).toBe('in_progress');
    expect(panelStateOf('Processing')).toBe('in_progress');
    expect(panelStateOf('IN_PROGRESS')).toBe('in_progress');
    expect(panelStateOf('Completed')).toBe('completed');
    expect(panelStateOf('Partial')).toBe('partial');
    expect(panelStateOf('Cancelled')).toBe('canceled');
    expect(panelStateOf('Canceled')).toBe('canceled');
    expect(panelStateOf('Refunded')).toBe('refunded');
    // A subscription order's words: running, then over at its expiry.
    expect(panelStateOf('Active')).toBe('in_progress');
    expect(panelStateOf('Expired')).toBe('completed');
    expect(panelStateOf('Something new')).toBeNull();
  });

  it('reads numbers sent as strings or numbers', () => {
    expect(
      statusAnswer.parse({
        charge: '0.27819',
        start_count: '3572',
        status: 'Partial',
        remains: '157',
        currency: 'USD',
      }),
    ).toEqual({
      state: 'partial',
      charge: '0.27819',
      currency: 'USD',
      startCount: 3572,
      remains: 157,
    });
    expect(statusAnswer.parse({ status: 'Completed', remains: 0, start_count: 10 })).toMatchObject({
      state: 'completed',
      remains: 0,
    });
    expect(
      servicesAnswer.parse([
        { service: 1, name: 'F', rate: 0.9, min: '50', max: '10000', dripfeed: 1, refill: '0' },
      ]),
    ).toEqual([
      {
        service: '1',
        name: 'F',
        type: 'Default',
        rate: '0.9',
        min: 50,
        max: 10000,
        dripfeed: true,
        refill: false,
        cancel: false,
      },
    ]);
    expect(
      servicesAnswer.parse([
        { service: 7, type: 'Subscriptions', rate: '2', min: 10, max: 500, cancel: true },
      ])[0],
    ).toMatchObject({ type: 'Subscriptions', cancel: true });
  });

  it('tells what a refusal means', () => {
    expect(refusalOf('Bad Link')).toBe('bad_link');
    expect(refusalOf('Not enough funds on balance')).toBe('no_funds');
    expect(refusalOf('Service ID does not exist')).toBe('other');
    expect(refusalOf('Quantity less than minimal 50')).toBe('other');
  });
});

describe('sandbox panel', () => {
  it('pending, then in progress with remains falling, then completed over its duration', async () => {
    let now = Date.parse('2026-11-23T12:00:00Z');
    const panel = createSandboxPanel({ seconds: 60, clock: () => new Date(now) });
    const added = await panel.add({
      kind: 'default',
      service: '1',
      link: 'https://www.instagram.com/ana/',
      quantity: 1000,
    });
    if (added.kind !== 'accepted') throw new Error('not accepted');
    const at = async (seconds: number) => {
      now = Date.parse('2026-11-23T12:00:00Z') + seconds * 1000;
      return (await panel.status([added.panelOrderId])).get(added.panelOrderId);
    };
    expect(await at(1)).toMatchObject({ state: 'pending', remains: 1000 });
    expect(await at(30)).toMatchObject({ state: 'in_progress', remains: 500 });
    expect(await at(60)).toMatchObject({ state: 'completed', remains: 0 });
    expect(
      await panel.add({
        kind: 'default',
        service: '1',
        link: 'https://www.instagram.com/link_invalido/',
        quantity: 10,
      }),
    ).toMatchObject({ kind: 'refused', reason: 'bad_link' });
    expect(
      await panel.add({
        kind: 'default',
        service: '1',
        link: 'https://www.instagram.com/sem_resposta/',
        quantity: 10,
      }),
    ).toMatchObject({ kind: 'unknown' });
  });

  it('a subscription order runs until its expiry and can be cancelled', async () => {
    let now = Date.parse('2026-11-23T12:00:00Z');
    const panel = createSandboxPanel({ seconds: 60, clock: () => new Date(now) });
    const added = await panel.add({
      kind: 'subscription',
      service: '4',
      username: 'ana',
      min: 40,
      max: 40,
      delayMinutes: 0,
      expiresAt: new Date('2026-12-23T03:00:00Z'),
    });
    if (added.kind !== 'accepted') throw new Error('not accepted');
    const status = async () => (await panel.status([added.panelOrderId])).get(added.panelOrderId);
    expect(await status()).toMatchObject({ state: 'in_progress' });
    now = Date.parse('2026-12-23T03:00:00Z');
    expect(await status()).toMatchObject({ state: 'completed' });
    expect(await panel.cancel(added.panelOrderId)).toEqual({ kind: 'canceled' });
    expect(sandboxIdDeliveredBy(added.panelOrderId, new Date(now), 60)).toBeNull();
  });

  it('an order delivered now: the same quantity, reported completed from then on', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const panel = createSandboxPanel({ seconds: 60, clock: () => now });
    const added = await panel.add({ kind: 'default', service: '1', link: 'https://x/ana/', quantity: 500 });
    if (added.kind !== 'accepted') throw new Error('not accepted');
    expect((await panel.status([added.panelOrderId])).get(added.panelOrderId)?.state).toBe('pending');
    const delivered = sandboxIdDeliveredBy(added.panelOrderId, now, 60)!;
    expect((await panel.status([delivered])).get(delivered)).toMatchObject({
      state: 'completed',
      remains: 0,
      charge: '4.50',
    });
    expect(sandboxIdDeliveredBy('4242', now, 60)).toBeNull();
  });
});
