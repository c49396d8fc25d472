import { z } from 'zod';
import type { AddOutcome, CancelOutcome, FulfilmentPanel, PanelOrderRequest, PanelStatus } from './panel';
import {
  addAnswer,
  balanceAnswer,
  cancelAnswer,
  errorAnswer,
  refillAnswer,
  refillStateOf,
  refillStatusAnswer,
  servicesAnswer,
  statusAnswer,
} from './smm-answers';

export interface SmmPanelOptions {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** Errors that mean the request never reached the panel: sending it again cannot buy twice. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export class PanelCallError extends Error {}

type Answer = { ok: true; status: number; body: unknown } | { ok: false; sent: boolean; message: string };

/** A real panel speaking API v2: one endpoint, form body, `key` and `action` in every request. */
export function createSmmPanel(options: SmmPanelOptions): FulfilmentPanel {
  async function call(action: string, fields: Record<string, string | number> = {}): Promise<Answer> {
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
      const code = (err as { cause?: { code?: string } }).cause?.code;
      const sent = !(code && notSentCodes.has(code));
      return { ok: false, sent, message: `${action}: ${code ?? (err as Error).name ?? 'network error'}` };
    }
    const text = await response.text().catch(() => null);
    if (text === null) return { ok: false, sent: true, message: `${action}: answer cut off` };
    try {
      const body: unknown = JSON.parse(text);
      return { ok: true, status: response.status, body };
    } catch {
      return { ok: false, sent: true, message: `${action}: HTTP ${response.status}, not JSON` };
    }
  }

  /** Read-only actions: any failure is an exception (asking again is harmless). */
  async function read<T>(action: string, schema: z.ZodType<T>, fields?: Record<string, string | number>) {
    const answer = await call(action, fields);
    if (!answer.ok) throw new PanelCallError(answer.message);
    const error = errorAnswer.safeParse(answer.body);
    if (error.success) throw new PanelCallError(`${action}: ${error.data.error}`);
    const parsed = schema.safeParse(answer.body);
    if (answer.status >= 300 || !parsed.success)
      throw new PanelCallError(`${action}: unexpected answer (HTTP ${answer.status})`);
    return parsed.data;
  }

  return {
    name: 'smm',
    async add(request: PanelOrderRequest): Promise<AddOutcome> {
      const answer = await call('add', addFields(request));
      if (!answer.ok)
        return answer.sent
          ? { kind: 'unknown', message: answer.message }
          : { kind: 'not_sent', message: answer.message };
      if (answer.status >= 500) return { kind: 'unknown', message: `add: HTTP ${answer.status}` };
      const error = errorAnswer.safeParse(answer.body);
      if (error.success)
        return { kind: 'refused', reason: refusalOf(error.data.error), message: error.data.error };
      const accepted = addAnswer.safeParse(answer.body);
      if (answer.status < 300 && accepted.success)
        return { kind: 'accepted', panelOrderId: accepted.data.order };
      return { kind: 'unknown', message: `add: unexpected answer (HTTP ${answer.status})` };
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
      const answer = await call('cancel', { orders: panelOrderId });
      if (!answer.ok) return { kind: 'unknown', message: answer.message };
      const error = errorAnswer.safeParse(answer.body);
      if (error.success) return { kind: 'refused', message: error.data.error };
      const mine = cancelAnswer.safeParse(answer.body).data?.find((c) => c.order === panelOrderId);
      if (answer.status >= 300 || !mine)
        return { kind: 'unknown', message: `cancel: unexpected answer (HTTP ${answer.status})` };
      return typeof mine.cancel === 'object'
        ? { kind: 'refused', message: mine.cancel.error }
        : { kind: 'canceled' };
    },
    async refill(panelOrderId) {
      const answer = await call('refill', { order: panelOrderId });
      if (!answer.ok) throw new PanelCallError(answer.message);
      const error = errorAnswer.safeParse(answer.body);
      if (error.success) return { error: error.data.error };
      const parsed = refillAnswer.safeParse(answer.body);
      if (!parsed.success) throw new PanelCallError('refill: unexpected answer');
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

/** The fields `add` takes for the service's type (reference: smm-panel-api.md). */
function addFields(request: PanelOrderRequest): Record<string, string | number> {
  if (request.kind === 'subscription') {
    const { service, username, min, max, expiry } = request;
    return { service, username, min, max, expiry };
  }
  const { service, link, quantity, runs, interval } = request;
  return runs ? { service, link, quantity, runs, interval: interval ?? 1440 } : { service, link, quantity };
}

const recordOf = z.record(z.string(), z.unknown());

/** What a refusal means for the delivery: the buyer's link, our balance, or anything else (the operator). */
export function refusalOf(message: string): 'bad_link' | 'no_funds' | 'other' {
  if (/link|username|profile|private|perfil/i.test(message)) return 'bad_link';
  if (/fund|balance|saldo/i.test(message)) return 'no_funds';
  return 'other';
}
