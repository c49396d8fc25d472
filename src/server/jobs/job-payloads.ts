import { z } from 'zod';
import { paymentFlags } from '../../shared/orders';
import { paymentStates } from '../../shared/payment-states';
import { idSchema } from '../../shared/schemas/ids';
import { whatsappKinds } from '../../shared/whatsapp';

// Every job kind and the one schema of its payload: `enqueue` checks what it queues against it, the
// runner checks what it claims against it before the handler sees it (docs/architecture.md#background-jobs).

const email = z.object({ to: z.string(), subject: z.string(), html: z.string(), text: z.string() });
const order = z.object({ orderId: idSchema });
const payment = z.object({ paymentId: idSchema });
const delivery = z.object({ deliveryId: idSchema });
const subscription = z.object({ subscriptionId: idSchema });
const invoiceMove = z.object({ invoiceId: idSchema, status: z.string() });

/** A payable charge of ours the provider listed, which nobody here made or knew (stray-charges.ts). */
const strayCharge = z.object({
  providerPaymentId: z.string(),
  state: z.enum(paymentStates),
  amountCents: z.number().int(),
  method: z.enum(['pix', 'credit_card', 'debit_card']),
  installmentPlanId: z.string().nullable(),
  providerSubscriptionId: z.string().nullable(),
  // Queued before plans' months had due days: none.
  dueDate: z.string().nullable().default(null),
});

const schemas = {
  send_email: email,
  owner_alert_email: email,
  owner_digest_email: z.object({ day: z.string() }),
  order_received_email: order,
  payment_confirmed_email: order,
  card_reproved_email: order,
  card_not_charged_email: order,
  card_capture_refused_email: order,
  refund_email: order.extend({ amountCents: z.number().int() }),
  pix_reminder_email: payment,
  expire_pix: payment,
  retire_other_charges: order,
  retire_stray_charge: order.extend({ charge: strayCharge }),
  payment_flag_alert: order.extend({ flag: z.enum(paymentFlags) }),
  chargeback_alert: order,
  unreadable_webhook_alert: z.object({ eventId: z.string() }),
  submit_delivery: delivery,
  stop_plan_component: delivery,
  delivery_link_email: delivery,
  delivery_started_email: order,
  delivery_completed_email: order,
  // `event`: what the reason was called in jobs queued by earlier versions.
  subscription_ended_alert: subscription.extend({
    reason: z.string().optional(),
    event: z.string().optional(),
  }),
  issue_invoice: order,
  cancel_invoice: order,
  plan_invoice_settings: subscription,
  // A plan's later months (issue 43, subscriptions/plan-month-jobs.ts).
  plan_month_opened: payment,
  plan_pix_notice: payment.extend({ notice: z.enum(['ahead', 'due']) }),
  plan_paused: subscription.extend({ paymentId: idSchema }),
  plan_resumed_email: subscription,
  cancel_intended_plan: subscription,
  plan_cancelled: subscription,
  plan_charges_check: subscription,
  follow_open_invoices: z.object({}),
  invoice_authorized_email: invoiceMove,
  invoice_problem_alert: invoiceMove,
  whatsapp_message: order.extend({
    kind: z.enum(whatsappKinds),
    paymentId: idSchema.optional(),
    amountCents: z.string().optional(),
    /** Times Meta's limits (131048, 131049) sent it back for a day (whatsapp/send-later.ts). */
    retriesLater: z.number().int().min(1).optional(),
  }),
};

export type JobKind = keyof typeof schemas;
export type JobPayloads = { [K in JobKind]: z.output<(typeof schemas)[K]> };

/** Typed per kind, so a generic kind's schema parses to that kind's payload. */
export const jobPayloads: { [K in JobKind]: z.ZodType<JobPayloads[K]> } = schemas;

const isJobKind = (kind: string): kind is JobKind => Object.hasOwn(schemas, kind);

/** The app's handlers, each given its kind's payload as its schema parsed it. */
export type JobHandlers = { [K in JobKind]?: (payload: JobPayloads[K]) => Promise<void> };
/** One job of any kind, with that kind's payload. */
export type QueuedJob = { [K in JobKind]: { kind: K; payload: JobPayloads[K] } }[JobKind];

/** A payload its kind's schema refuses: no attempt can succeed, so the job is dead at once. */
export class BadJobPayload extends Error {}

/** The payload as its kind's schema reads it; a refusal names the kind and each field at fault. */
export function parsePayload<K extends JobKind>(kind: K, payload: unknown): JobPayloads[K] {
  const parsed = jobPayloads[kind].safeParse(payload);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`,
  );
  throw new BadJobPayload(`bad payload for job kind ${kind}: ${fields.join('; ')}`);
}

/** The runner's handlers: each checks its payload against its kind's schema before it runs. */
export function checkedHandlers(
  handlers: JobHandlers,
): Record<string, (payload: Record<string, unknown>) => Promise<void>> {
  const checked: Record<string, (payload: Record<string, unknown>) => Promise<void>> = {};
  const add = <K extends JobKind>(kind: K) => {
    const handle = handlers[kind];
    if (handle) checked[kind] = (payload) => handle(parsePayload(kind, payload));
  };
  for (const kind of Object.keys(schemas)) if (isJobKind(kind)) add(kind);
  return checked;
}
