import { describe, expect, it } from 'vitest';
import { findPlan } from '../../shared/pricing';
import { openingCatalogue } from '#tests/helpers/opening-catalogue.ts';
import { dailySchedule, deliveryItems, monthEnd, planDailyFollowers } from './delivery-plan';
import { panelExpiry } from './smm-panel';

const paidAt = new Date('2026-11-23T15:00:00Z');
const base = { planId: null, instagram: 'ana', postLink: null, addOns: [], addOnLinks: {} };

describe('deliveryItems', () => {
  it('followers go to the profile, add-ons for posts to their own link', () => {
    expect(
      deliveryItems(
        {
          ...base,
          service: 'followers',
          quantity: 1000,
          addOns: [
            { product: 'likes', quantity: 300, priceCents: 2400 },
            { product: 'views', quantity: 300, priceCents: 600 },
          ],
          addOnLinks: { likes: 'https://www.instagram.com/p/A/' },
        },
        openingCatalogue,
        paidAt,
      ),
    ).toEqual([
      {
        itemKey: 'package',
        product: 'followers',
        link: 'https://www.instagram.com/ana/',
        quantity: 1000,
        runs: null,
        intervalMinutes: null,
        guaranteeDays: 30,
      },
      {
        itemKey: 'add_on:likes',
        product: 'likes',
        link: 'https://www.instagram.com/p/A/',
        quantity: 300,
        runs: null,
        intervalMinutes: null,
        guaranteeDays: 15,
      },
      // No link given for the views: the buyer will be asked for one.
      {
        itemKey: 'add_on:views',
        product: 'views',
        link: '',
        quantity: 300,
        runs: null,
        intervalMinutes: null,
        guaranteeDays: 15,
      },
    ]);
  });

  it("a likes order's add-ons: followers to the profile, views to the same post when none is given", () => {
    const items = deliveryItems(
      {
        ...base,
        service: 'likes',
        quantity: 500,
        postLink: 'https://www.instagram.com/p/POST/',
        addOns: [
          { product: 'followers', quantity: 150, priceCents: 900 },
          { product: 'views', quantity: 150, priceCents: 300 },
        ],
      },
      openingCatalogue,
      paidAt,
    );
    expect(items.map((i) => [i.product, i.link])).toEqual([
      ['likes', 'https://www.instagram.com/p/POST/'],
      ['followers', 'https://www.instagram.com/ana/'],
      ['views', 'https://www.instagram.com/p/POST/'],
    ]);
  });

  it("a plan is a month of daily followers at the middle of the plan's range", () => {
    expect(planDailyFollowers(findPlan(openingCatalogue, 'iniciante').dailyFollowers)).toBe(20);
    expect(planDailyFollowers(findPlan(openingCatalogue, 'simples').dailyFollowers)).toBe(37);
    expect(planDailyFollowers(findPlan(openingCatalogue, 'avancado').dailyFollowers)).toBe(62);
    expect(
      deliveryItems(
        { ...base, service: 'recurring', planId: 'iniciante', quantity: 1 },
        openingCatalogue,
        paidAt,
      ),
    ).toEqual([
      {
        itemKey: 'plan',
        product: 'followers',
        link: 'https://www.instagram.com/ana/',
        quantity: 20,
        runs: 30,
        intervalMinutes: 1440,
        guaranteeDays: 0,
      },
    ]);
  });

  it('Simples adds each engagement component, to the profile, until the end of the paid month', () => {
    const items = deliveryItems(
      { ...base, service: 'recurring', planId: 'simples', quantity: 1 },
      openingCatalogue,
      paidAt,
    );
    const expiresAt = new Date('2026-12-23T03:00:00Z');
    expect(items).toEqual([
      {
        itemKey: 'plan',
        product: 'followers',
        link: 'https://www.instagram.com/ana/',
        quantity: 37,
        runs: 30,
        intervalMinutes: 1440,
        guaranteeDays: 0,
      },
      ...(
        [
          ['likes_per_post', 'likes', 40],
          ['story_views', 'views', 35],
          ['video_views', 'views', 150],
        ] as const
      ).map(([component, product, quantity]) => ({
        itemKey: `plan:${component}`,
        product,
        link: 'https://www.instagram.com/ana/',
        quantity,
        runs: null,
        intervalMinutes: null,
        guaranteeDays: 0,
        component,
        expiresAt,
      })),
    ]);
  });
});

describe('monthEnd and panelExpiry', () => {
  it('the same São Paulo day next month, clamped to the month, as d/m/Y (day first)', () => {
    // 23:30 in São Paulo on 30 November is already 1 December in UTC: the shop's day counts.
    expect(monthEnd(new Date('2026-12-01T02:30:00Z')).toISOString()).toBe('2026-12-30T03:00:00.000Z');
    expect(monthEnd(new Date('2027-01-31T15:00:00Z')).toISOString()).toBe('2027-02-28T03:00:00.000Z');
    expect(monthEnd(new Date('2026-12-15T15:00:00Z')).toISOString()).toBe('2027-01-15T03:00:00.000Z');
    expect(panelExpiry(new Date('2026-12-30T03:00:00Z'))).toBe('30/12/2026');
    // A day ≤ 12 is where MM/DD/YYYY would be read with day and month swapped, and no panel refuses it.
    expect(panelExpiry(monthEnd(new Date('2026-11-05T15:00:00Z')))).toBe('05/12/2026');
    // 23:30 on 4 January in São Paulo is the 5th in UTC: the panel gets the shop's day.
    expect(panelExpiry(new Date('2027-01-05T02:30:00Z'))).toBe('04/01/2027');
  });
});

describe('dailySchedule', () => {
  it('one delivery a day from the start, the first keeping the plan key', () => {
    const start = new Date('2026-11-23T15:00:00Z');
    const days = dailySchedule(start, 20, 3);
    expect(days.map((d) => [d.itemKey, d.quantity, d.dueAt.toISOString()])).toEqual([
      ['plan', 20, '2026-11-23T15:00:00.000Z'],
      ['plan:day-2', 20, '2026-11-24T15:00:00.000Z'],
      ['plan:day-3', 20, '2026-11-25T15:00:00.000Z'],
    ]);
  });
});
