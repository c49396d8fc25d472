import { describe, expect, it } from 'vitest';
import { refillOffer } from './refill-policy';

type Delivery = Parameters<typeof refillOffer>[0][number];

const now = new Date('2026-12-20T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const delivered = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: 'd1',
  itemKey: 'package',
  guaranteeDays: 30,
  state: 'completed',
  refillable: true,
  completedAt: daysAgo(5),
  refillRequestedAt: null,
  refillStatus: null,
  panelOrderId: '123',
  ...overrides,
});

describe('refillOffer', () => {
  it('a delivered package inside its guarantee at a refilling service', () => {
    expect(refillOffer([delivered()], now)).toMatchObject({ available: true, nextAt: null });
    expect(refillOffer([delivered({ state: 'partial' })], now).available).toBe(true);
  });

  it('the guarantee window: the days stamped on the delivery when the order was paid, from completion', () => {
    expect(refillOffer([delivered({ completedAt: daysAgo(30) })], now).available).toBe(true);
    expect(refillOffer([delivered({ completedAt: daysAgo(31) })], now).available).toBe(false);
    expect(refillOffer([delivered({ guaranteeDays: 15, completedAt: daysAgo(15) })], now).available).toBe(
      true,
    );
    expect(refillOffer([delivered({ guaranteeDays: 15, completedAt: daysAgo(16) })], now).available).toBe(
      false,
    );
  });

  it('not before delivery, not at a service without refill, not for a plan', () => {
    expect(refillOffer([delivered({ state: 'in_progress', completedAt: null })], now).available).toBe(false);
    expect(refillOffer([delivered({ refillable: false })], now).available).toBe(false);
    expect(refillOffer([delivered({ itemKey: 'plan' })], now).available).toBe(false);
  });

  it('at most once per 24 hours per order, and never while one is open', () => {
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const recent = refillOffer(
      [delivered({ refillRequestedAt: hoursAgo(23), refillStatus: 'completed' })],
      now,
    );
    expect(recent).toEqual({
      eligible: expect.any(Array),
      available: false,
      nextAt: new Date(hoursAgo(23).getTime() + 86_400_000),
    });
    expect(
      refillOffer([delivered({ refillRequestedAt: hoursAgo(25), refillStatus: 'completed' })], now).available,
    ).toBe(true);
    expect(
      refillOffer([delivered({ refillRequestedAt: hoursAgo(25), refillStatus: 'in_progress' })], now)
        .available,
    ).toBe(false);
    // Another item of the same order asked recently counts for the whole order.
    const order = [
      delivered(),
      delivered({
        id: 'd2',
        itemKey: 'add_on:likes',
        guaranteeDays: 15,
        refillRequestedAt: hoursAgo(2),
        refillStatus: 'completed',
      }),
    ];
    expect(refillOffer(order, now).available).toBe(false);
  });
});
