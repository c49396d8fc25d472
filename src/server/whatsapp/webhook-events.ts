import { z } from 'zod';
import type { Db } from '../db/client';
import { isStopWord, optOutKeyOf } from './phone';
import { jobPayloads } from '../jobs/job-payloads';
import { laterCodes } from './cloud-api';
import { sendLater } from './send-later';
import { lastWhatsappPayload } from './whatsapp-queue.repo';
import { whatsappRepo } from './whatsapp.repo';

const statusSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z
    .array(z.object({ code: z.coerce.number().int().optional(), title: z.string().optional() }))
    .optional(),
});
const inboundSchema = z.object({
  id: z.string().min(1),
  from: z.string().min(1),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
});
const webhookSchema = z.object({
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          value: z
            .object({
              statuses: z.array(z.unknown()).optional(),
              messages: z.array(z.unknown()).optional(),
            })
            .optional(),
        }),
      ),
    }),
  ),
});

const uuid = z.uuid();

/**
 * A signed webhook POST (the route checked the signature): each status and inbound message applied once,
 * by a key of its own (Meta redelivers until it gets a 200, and may send one twice). Parts it cannot read
 * are skipped: one odd event must not hold back the others.
 */
export async function applyWhatsappWebhook(db: Db, body: unknown, now: Date): Promise<void> {
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) return;
  for (const change of parsed.data.entry.flatMap((e) => e.changes)) {
    for (const raw of change.value?.statuses ?? []) {
      const status = statusSchema.safeParse(raw);
      if (status.success) await applyStatus(db, status.data, now);
    }
    for (const raw of change.value?.messages ?? []) {
      const message = inboundSchema.safeParse(raw);
      if (message.success) await applyInbound(db, message.data, now);
    }
  }
}

async function applyStatus(db: Db, status: z.infer<typeof statusSchema>, now: Date) {
  if (!(await whatsappRepo.firstSight(db, `status:${status.id}:${status.status}`, now))) return;
  const callback = status.biz_opaque_callback_data;
  const match = { id: callback && uuid.safeParse(callback).success ? callback : null, wamid: status.id };
  const first = status.errors?.[0];
  const error = first ? { code: first.code ?? null, text: first.title ?? '' } : null;
  // Not delivered for the number's or the buyer's limits: sent again a day later, not a failure (W6).
  const code = error?.code ?? null;
  const later = status.status === 'failed' && code !== null && laterCodes.has(code);
  if (later && (await retryLater(db, match, { code, text: error?.text ?? '' }, now))) return;
  await whatsappRepo.applyStatus(db, match, status.status, error, now);
}

async function retryLater(
  db: Db,
  match: { id: string | null; wamid: string },
  error: { code: number; text: string },
  now: Date,
): Promise<boolean> {
  const message = await whatsappRepo.findForStatus(db, match);
  if (!message) return false;
  const payload = jobPayloads.whatsapp_message.safeParse(
    await lastWhatsappPayload(db, message.orderId, message.kind),
  );
  return payload.success && (await sendLater(db, message.id, payload.data, error, now));
}

/** "PARAR" from a number: nothing more is sent to it (the panel shows it on its orders). */
async function applyInbound(db: Db, message: z.infer<typeof inboundSchema>, now: Date) {
  if (!(await whatsappRepo.firstSight(db, `message:${message.id}`, now))) return;
  const text = message.text?.body ?? message.button?.text ?? '';
  if (isStopWord(text)) await whatsappRepo.optOut(db, optOutKeyOf(message.from), now);
}
