import { z } from 'zod';
import type { PanelService, PanelState, PanelStatus, RefillState } from './panel';

// SMM panel API v2 answers (docs/fulfilment.md): numbers usually arrive as strings, errors as
// `{error}` with HTTP 200, status words in several spellings. Lenient to extra attributes, strict on
// what is read.

const numeric = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);
const integer = numeric.transform((v) => Math.trunc(Number(v)));
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const errorAnswer = z.object({ error: z.string() });
export const addAnswer = z.object({ order: numeric.transform(String) });
export const balanceAnswer = z.object({
  balance: numeric.transform(Number),
  currency: z.string().default(''),
});
export const refillAnswer = z.object({ refill: numeric.transform(String) });
export const refillStatusAnswer = z.object({ status: z.string() });

const statusWords: Record<string, PanelState> = {
  pending: 'pending',
  'in progress': 'in_progress',
  inprogress: 'in_progress',
  processing: 'in_progress',
  completed: 'completed',
  partial: 'partial',
  canceled: 'canceled',
  cancelled: 'canceled',
  refunded: 'refunded',
  // A subscription order (auto-likes, auto-views): running until its expiry, then over.
  active: 'in_progress',
  expired: 'completed',
};
export const panelStateOf = (word: string): PanelState | null =>
  statusWords[word.trim().toLowerCase().replace(/[_-]/g, ' ')] ?? null;

const refillWords: Record<string, RefillState> = {
  pending: 'pending',
  'in progress': 'in_progress',
  processing: 'in_progress',
  completed: 'completed',
  rejected: 'rejected',
  canceled: 'rejected',
  cancelled: 'rejected',
};
export const refillStateOf = (word: string): RefillState | null =>
  refillWords[word.trim().toLowerCase().replace(/[_-]/g, ' ')] ?? null;

export const statusAnswer = z
  .object({
    status: z.string(),
    charge: numeric.transform(String).nullish(),
    currency: z.string().nullish(),
    start_count: integer.nullish(),
    remains: integer.nullish(),
  })
  .transform((s): PanelStatus | null => {
    const state = panelStateOf(s.status);
    if (!state) return null;
    return {
      state,
      charge: s.charge ?? null,
      currency: s.currency ?? null,
      startCount: s.start_count ?? null,
      remains: s.remains ?? null,
    };
  });

export const servicesAnswer = z.array(
  z
    .object({
      service: numeric.transform(String),
      name: z.string().default(''),
      type: z.string().default('Default'),
      rate: numeric.transform(String).default('0'),
      min: integer,
      max: integer,
      dripfeed: flag.default(false),
      refill: flag.default(false),
      cancel: flag.default(false),
    })
    .transform((s): PanelService => s),
);

/** `cancel` answers a list: `{order, cancel: 1}` or `{order, cancel: {error}}` per id. */
export const cancelAnswer = z.array(
  z.object({
    order: numeric.transform(String),
    cancel: z.union([numeric, z.object({ error: z.string() })]),
  }),
);
