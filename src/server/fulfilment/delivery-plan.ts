import { findPlan, findProduct } from '../../shared/pricing';
import type { Catalogue, Plan, ProductId } from '../../shared/catalogue';
import type { OrderRow } from '../db/schema';
import { saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import { planOfMonth } from '../../shared/orders';
import { componentItemKey, planComponentKinds, type PlanComponentId } from '../../shared/plan-components';

// What a paid order becomes at the panel (docs/product.md#delivery): one delivery per item. Pure,
// unit-tested.

export interface DeliveryItem {
  itemKey: string;
  product: ProductId;
  /** '' when the buyer has not given the link yet (the delivery waits for it). */
  link: string;
  quantity: number;
  runs: number | null;
  intervalMinutes: number | null;
  /** Refills are offered this many days after completion (plans: none, they deliver every day). */
  guaranteeDays: number;
  /** A plan's engagement component: a subscription-type panel order for the paid month (ADR 032). */
  component?: PlanComponentId;
  /** The end of the paid month, the subscription's `expiry`. */
  expiresAt?: Date;
}

/** A plan's month, delivered day by day. */
export const planDays = 30;
const minutesPerDay = 1440;

export const profileUrl = (handle: string) => `https://www.instagram.com/${handle}/`;
/** The @ of a profile link (a subscription order names the profile, not a link). */
export const profileHandle = (link: string) => /instagram\.com\/([^/?#]+)/.exec(link)?.[1] ?? link;

/** A plan's daily quantity: the middle of its promised range (Iniciante 16–25 → 20 a day). */
export function planDailyFollowers({ min, max }: Plan['dailyFollowers']): number {
  return Math.floor((min + max) / 2);
}

type OrderItems = Pick<
  OrderRow,
  'service' | 'planId' | 'quantity' | 'instagram' | 'postLink' | 'addOns' | 'addOnLinks'
>;

/**
 * The end of a month paid at `paidAt`: São Paulo midnight of the same day next month (the 31st of January
 * ends on the last day of February). The panel takes the day; the buyer reads "ativas até" it.
 */
export function monthEnd(paidAt: Date): Date {
  const [year, month, day] = saoPauloDay(paidAt).split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(year, month, Math.min(day, lastDay), 12));
  return saoPauloMidnight(next.toISOString().slice(0, 10));
}

/** What a month's deliveries need of its plan: the daily promise and each component's quantity. */
export type PlanMonth = Pick<Plan, 'dailyFollowers' | 'components'>;

/** A plan's paid month: the daily followers and one subscription order per engagement component. */
export function planMonthItems(
  order: Pick<OrderItems, 'instagram'>,
  plan: PlanMonth,
  paidAt: Date,
): DeliveryItem[] {
  const link = profileUrl(order.instagram);
  const expiresAt = monthEnd(paidAt);
  return [
    {
      itemKey: 'plan',
      product: 'followers',
      link,
      quantity: planDailyFollowers(plan.dailyFollowers),
      runs: planDays,
      intervalMinutes: minutesPerDay,
      guaranteeDays: 0,
    },
    ...plan.components.map((c) => ({
      itemKey: componentItemKey(c.id),
      product: planComponentKinds[c.id].product,
      link,
      quantity: c.quantity,
      runs: null,
      intervalMinutes: null,
      guaranteeDays: 0,
      component: c.id,
      expiresAt,
    })),
  ];
}

export function deliveryItems(order: OrderItems, catalogue: Catalogue, paidAt: Date): DeliveryItem[] {
  if (order.service === 'recurring')
    return planMonthItems(order, findPlan(catalogue, planOfMonth(order)), paidAt);
  const main = order.service;
  const linkFor = (product: ProductId, own?: string) => {
    if (product === 'followers') return profileUrl(order.instagram);
    // An add-on for posts without its own link goes to the order's post (likes and views on one reel).
    return own || order.postLink || '';
  };
  return [
    {
      itemKey: 'package',
      product: main,
      link: linkFor(main),
      quantity: order.quantity,
      runs: null,
      intervalMinutes: null,
      guaranteeDays: findProduct(catalogue, main).guaranteeDays,
    },
    ...order.addOns.map((line) => ({
      itemKey: `add_on:${line.product}`,
      product: line.product,
      link: linkFor(line.product, order.addOnLinks[line.product]),
      quantity: line.quantity,
      runs: null,
      intervalMinutes: null,
      guaranteeDays: findProduct(catalogue, line.product).guaranteeDays,
    })),
  ];
}

/**
 * A plan's month split into days the app submits itself, for a panel service without drip-feed: the
 * first day now, the others one day apart from `start`.
 */
export function dailySchedule(start: Date, quantity: number, days: number) {
  return Array.from({ length: days }, (_, day) => ({
    itemKey: day === 0 ? 'plan' : `plan:day-${day + 1}`,
    quantity,
    dueAt: new Date(start.getTime() + day * minutesPerDay * 60_000),
  }));
}
