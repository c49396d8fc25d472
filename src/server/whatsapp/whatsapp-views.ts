import type { WhatsappMessageView } from '../../shared/schemas/whatsapp';
import { whatsappKindLabels, whatsappStateLabels } from '../../shared/whatsapp';
import type { Executor } from '../db/client';
import { optOutKeyOf } from './phone';
import { whatsappRepo } from './whatsapp.repo';

/** The panel's order rows with their WhatsApp messages (state, failure code) and whether the number said PARAR. */
export async function withWhatsapp<T extends { id: string; whatsapp: string }>(
  db: Executor,
  rows: T[],
): Promise<Array<T & { whatsappMessages: WhatsappMessageView[]; whatsappOptedOut: boolean }>> {
  const messages = await whatsappRepo.forOrders(
    db,
    rows.map((r) => r.id),
  );
  const optedOut = await whatsappRepo.optedOutAmong(
    db,
    rows.filter((r) => r.whatsapp !== '').map((r) => optOutKeyOf(r.whatsapp)),
  );
  return rows.map((row) => ({
    ...row,
    whatsappMessages: messages
      .filter((m) => m.orderId === row.id)
      .map((m) => ({
        kind: m.kind,
        label: whatsappKindLabels[m.kind] ?? m.kind,
        state: m.state,
        stateLabel: whatsappStateLabels[m.state] ?? m.state,
        errorCode: m.errorCode,
        errorText: m.errorText,
      })),
    whatsappOptedOut: row.whatsapp !== '' && optedOut.has(optOutKeyOf(row.whatsapp)),
  }));
}
