import type { FulfilmentPanel } from '../fulfilment/panel';
import type { Metrics } from './metrics';
import { observed } from './observed';

type Balance = Awaited<ReturnType<FulfilmentPanel['balance']>>;

/**
 * The delivery panel through the providers' wrapper; each balance it answers (the periodic check, the
 * owner's panel, `npm run doctor`) becomes impulso_smm_balance, so a scrape never calls the panel.
 */
export function observedPanel(panel: FulfilmentPanel, metrics: Metrics): FulfilmentPanel {
  return observed(panel, panel.name, metrics, (operation, answer) => {
    if (operation !== 'balance') return;
    const { balance, currency } = answer as Balance;
    metrics.smmBalance.reset();
    metrics.smmBalance.set({ currency }, balance);
  });
}
