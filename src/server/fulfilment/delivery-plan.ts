import { findPlan, findProduct } from '../../shared/pricing';
import type { Catalogue, Plan, PlanId, ProductId } from '../../shared/catalogue';
import type { OrderRow } from '../db/schema';

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
}

/** A plan's month, delivered day by day. */
export const planDays = 30;
const minutesPerDay = 1440;

export const profileUrl = (handle: string) => `https://www.instagram.com/${handle}/`;

/** A plan's daily quantity: the middle of its promised range (Iniciante 16–25 → 20 a day). */
export function planDailyFollowers({ min, max }: Plan['dailyFollowers']): number {
  return Math.floor((min + max) / 2);
}

type OrderItems = Pick<
  OrderRow,
  'service' | 'planId' | 'quantity' | 'instagram' | 'postLink' | 'addOns' | 'addOnLinks'
>;

export function deliveryItems(order: OrderItems, catalogue: Catalogue): DeliveryItem[] {
  if (order.service === 'recurring') {
    return [
      {
        itemKey: 'plan',
        product: 'followers',
        link: profileUrl(order.instagram),
        quantity: planDailyFollowers(findPlan(catalogue, order.planId as PlanId).dailyFollowers),
        runs: planDays,
        intervalMinutes: minutesPerDay,
        guaranteeDays: 0,
      },
    ];
  }
  const main = order.service as ProductId;
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
