import { z } from 'zod';

/**
 * Record ids in routes (orders, payments, jobs, subscriptions): UUIDs, unguessable (docs/product.md#orders).
 */
export const idSchema = z.guid();

/** True for a well-formed id; anything else is answered as not found, without a query. */
export const isId = (value: unknown): value is string => idSchema.safeParse(value).success;
