import { z } from 'zod';

/** The SMM panel's money, in its own currency (docs/fulfilment.md, docs/admin.md#cost-and-margin). */
export const panelMoneyEnv = {
  /**
   * Reais per one unit of the panel's currency (5.40 for a panel in USD): the catalogue's cost and margin
   * (ADR 053). Unused when the panel reports BRL; unset otherwise: no cost shown.
   */
  SMM_BRL_RATE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, 'SMM_BRL_RATE: reais por 1 unidade da moeda do painel, ex.: 5.40')
    .refine((v) => Number(v) > 0, 'SMM_BRL_RATE: maior que zero')
    .optional(),
  /** Alert the owner when the panel's balance falls under this (panel currency); unset: no alert. */
  SMM_BALANCE_ALERT: z.coerce.number().min(0).optional(),
};
