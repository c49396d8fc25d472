import { z } from 'zod';
import type { FulfilmentPanel } from '../fulfilment/panel';
import type { Metrics } from './metrics';
import { observed } from './observed';

const balanceAnswer = z.object({ balance: z.number(), currency: z.string() });

/**
 * The delivery panel through the providers' wrapper; each balance it answers (the periodic check, the
 * owner's panel, `npm run doctor`) becomes impulso_smm_balance, so a scrape never calls the panel.
 */
export function observedPanel(panel: FulfilmentPanel, metrics: Metrics): FulfilmentPanel {
  return observed(panel, panel.name, metrics, (operation, answer) => {
    if (operation !== 'balance') return;
    const read = balanceAnswer.safeParse(answer);
    if (!read.success) return;
    const { balance, currency } = read.data;
    metrics.smmBalance.reset();
    metrics.smmBalance.set({ currency }, balance);
  });
}
