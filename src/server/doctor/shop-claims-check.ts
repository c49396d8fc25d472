import type { Executor } from '../db/client';
import { ordersRepo } from '../orders/orders.repo';
import { shopClaimsRepo } from '../shop-claims/shop-claims.repo';
import { pass, warn, type DoctorLine } from './doctor-line';

const name = 'Números da loja';

/**
 * The shop's numbers on the landing and /sobre (ADR 055): hidden is fine; shown by a shop that has never
 * been paid is a claim it cannot back, worth a look before going live.
 */
export async function shopClaimsCheck(db: Executor): Promise<DoctorLine> {
  const claims = await shopClaimsRepo.load(db);
  const shown = `“${claims.profiles.value} ${claims.profiles.label}” e “${claims.interactions.value} ${claims.interactions.label}”`;
  if (!claims.shown) return pass(name, 'ocultos: a loja não afirma números que não tem');
  if (!(await ordersRepo.anyPaid(db)))
    return warn(
      name,
      `a loja exibe ${shown} sem nenhum pedido pago: confira se são números reais ou oculte-os no painel (Números da loja).`,
    );
  return pass(name, `exibidos: ${shown}`);
}
