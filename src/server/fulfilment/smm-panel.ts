import { z } from 'zod';
import type { AddOutcome, CancelOutcome, FulfilmentPanel, PanelOrderRequest, PanelStatus } from './panel';
import { saoPauloDay } from '../../shared/dates';
import {
  addAnswer,
  balanceAnswer,
  cancelAnswer,
  refillAnswer,
  refillStateOf,
  refillStatusAnswer,
  servicesAnswer,
  statusAnswer,
} from './smm-answers';
import { verdictOf, verdictOfFailure, type PanelVerdict } from './smm-verdict';

export interface SmmPanelOptions {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** A call whose answer was not read: refused by the panel, or to be asked again (try again, unknown). */
export class PanelCallError extends Error {
  constructor(
    message: string,
    readonly verdict: 'refused' | 'retry' | 'unknown',
  ) {
    super(message);
  }
}

/** A real panel speaking API v2: one endpoint, form body, `key` and `action` in every request. */
export function createSmmPanel(options: SmmPanelOptions): FulfilmentPanel {
  async function call(action: string, fields: Record<string, string | number> = {}): Promise<PanelVerdict> {
    const body = new URLSearchParams({ key: options.apiKey, action });
    for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(options.apiUrl, {
        method: 'POST',
        body,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      return verdictOfFailure(action, err);
    }
    const text = await response.text().catch(() => null);
    if (text === null) return { kind: 'unknown', message: `${action}: answer cut off` };
    return verdictOf(action, response.status, text);
  }

  /** Read-only actions and `refill`: anything but the answer is an exception (asking again is harmless). */
  async function read<T>(action: string, schema: z.ZodType<T>, fields?: Record<string, string | number>) {
    const verdict = await call(action, fields);
    if (verdict.kind === 'refused') throw new PanelCallError(`${action}: ${verdict.message}`, 'refused');
    if (verdict.kind !== 'done') throw new PanelCallError(verdict.message, verdict.kind);
    const parsed = schema.safeParse(verdict.body);
    if (!parsed.success) throw new PanelCallError(`${action}: unexpected answer`, 'unknown');
    return parsed.data;
  }

  return {
    name: 'smm',
    async add(request: PanelOrderRequest): Promise<AddOutcome> {
      const verdict = await call('add', addFields(request));
      switch (verdict.kind) {
        case 'retry':
          return { kind: 'not_sent', message: verdict.message };
        case 'unknown':
          return verdict;
        case 'refused': {
          const reason = verdict.status === 402 ? 'no_funds' : refusalOf(verdict.message);
          return { kind: 'refused', reason, message: verdict.message };
        }
        case 'done': {
          const accepted = addAnswer.safeParse(verdict.body);
          return accepted.success
            ? { kind: 'accepted', panelOrderId: accepted.data.order }
            : { kind: 'unknown', message: 'add: unexpected answer' };
        }
      }
    },
    async status(ids) {
      const result = new Map<string, PanelStatus>();
      if (ids.length === 0) return result;
      const body = await read('status', recordOf, { orders: ids.join(',') });
      for (const id of ids) {
        const parsed = statusAnswer.safeParse(body[id]);
        if (parsed.success && parsed.data) result.set(id, parsed.data);
      }
      return result;
    },
    async cancel(panelOrderId): Promise<CancelOutcome> {
      const verdict = await call('cancel', { orders: panelOrderId });
      if (verdict.kind !== 'done')
        return verdict.kind === 'refused' ? { kind: 'refused', message: verdict.message } : verdict;
      const mine = cancelAnswer.safeParse(verdict.body).data?.find((c) => c.order === panelOrderId);
      if (!mine) return { kind: 'unknown', message: 'cancel: unexpected answer' };
      return typeof mine.cancel === 'object'
        ? { kind: 'refused', message: mine.cancel.error }
        : { kind: 'canceled' };
    },
    async refill(panelOrderId) {
      const verdict = await call('refill', { order: panelOrderId });
      if (verdict.kind === 'refused') return { error: verdict.message };
      if (verdict.kind !== 'done') throw new PanelCallError(verdict.message, verdict.kind);
      const parsed = refillAnswer.safeParse(verdict.body);
      if (!parsed.success) throw new PanelCallError('refill: unexpected answer', 'unknown');
      return { refillId: parsed.data.refill };
    },
    async refillStatus(refillId) {
      const body = await read('refill_status', refillStatusAnswer, { refill: refillId });
      return refillStateOf(body.status);
    },
    balance: () => read('balance', balanceAnswer),
    services: () => read('services', servicesAnswer),
  };
}

/** The fields `add` takes for the service's type (tests/fake-smm/CONTRACT.md, S3 and S4). */
function addFields(request: PanelOrderRequest): Record<string, string | number> {
  if (request.kind === 'subscription') {
    const { service, username, min, max, delayMinutes, expiresAt } = request;
    return { service, username, min, max, delay: delayMinutes, expiry: panelExpiry(expiresAt) };
  }
  const { service, link, quantity, runs, interval } = request;
  return runs ? { service, link, quantity, runs, interval: interval ?? 1440 } : { service, link, quantity };
}

/** The panel's `expiry` for a São Paulo day: `d/m/Y`, day first (`28/12/2026`; CONTRACT.md S5). */
export function panelExpiry(at: Date): string {
  const [year, month, day] = saoPauloDay(at).split('-');
  return `${day}/${month}/${year}`;
}

const recordOf = z.record(z.string(), z.unknown());

/** What a refusal means for the delivery: the buyer's link, our balance, or anything else (the operator). */
export function refusalOf(message: string): 'bad_link' | 'no_funds' | 'other' {
  if (/link|username|profile|private|perfil/i.test(message)) return 'bad_link';
  if (/fund|balance|saldo/i.test(message)) return 'no_funds';
  return 'other';
}
