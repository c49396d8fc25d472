import { randomUUID } from 'node:crypto';
import { isId } from '../../shared/schemas/ids';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';

/**
 * Longer than any sequence of provider calls made under it (a removal, a customer, a charge of up to
 * 60 s, its QR code): a lock whose holder died frees itself after this.
 */
export const chargeLockMs = 5 * 60_000;

/**
 * Runs `work` as the only one changing the order's charges (creating, replacing, cancelling them): a
 * double tap, a retried request, the expiry job and the operator take turns on the order row instead of
 * each reading "unpaid" and charging. `work` gets the order as it is once the lock is held; a second
 * caller meanwhile is answered 409 "order_payment_busy" at once.
 */
export async function withChargeLock<T>(
  deps: { db: Db; clock: () => Date },
  orderId: string,
  work: (order: OrderRow) => Promise<T>,
): Promise<T> {
  const { db, clock } = deps;
  if (!isId(orderId)) throw new AppError('not_found', 'order_not_found');
  const token = randomUUID();
  const now = clock();
  const order = await ordersRepo.takeChargeLock(
    db,
    orderId,
    token,
    now,
    new Date(now.getTime() + chargeLockMs),
  );
  if (!order) {
    if (await ordersRepo.findById(db, orderId)) throw new AppError('conflict', 'order_payment_busy');
    throw new AppError('not_found', 'order_not_found');
  }
  try {
    return await work(order);
  } finally {
    await ordersRepo.releaseChargeLock(db, orderId, token);
  }
}
