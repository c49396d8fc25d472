import { randomBytes } from 'node:crypto';
import type { FulfilmentPanel, PanelService, PanelStatus } from './panel';

/**
 * The built-in simulated panel (FULFILMENT_PROVIDER=sandbox, docs/product.md#delivery): no network, no state.
 * The panel order id carries when it was taken and how much, so every instance tells the same story: pending
 * for the first tenth of SANDBOX_FULFILMENT_SECONDS, in progress (remains falling) until the end, then
 * completed; a subscription order runs until its expiry. Like the sandbox's test cards, some links decide the outcome: one containing
 * `link_invalido` is refused as a bad link, `sem_resposta` loses the answer (the delivery goes to
 * 'a conferir'); a numeric id the operator links is reported delivered.
 */
export const sandboxServices: PanelService[] = [
  {
    service: '1',
    name: 'Seguidores brasileiros (simulado)',
    type: 'Default',
    rate: '9.00',
    min: 10,
    max: 100000,
    dripfeed: true,
    refill: true,
    cancel: false,
  },
  {
    service: '2',
    name: 'Curtidas brasileiras (simulado)',
    type: 'Default',
    rate: '3.00',
    min: 10,
    max: 100000,
    dripfeed: true,
    refill: true,
    cancel: false,
  },
  {
    service: '3',
    name: 'Visualizações (simulado)',
    type: 'Default',
    rate: '0.50',
    min: 100,
    max: 1000000,
    dripfeed: true,
    refill: false,
    cancel: false,
  },
  ...(
    [
      ['4', 'Curtidas automáticas por publicação (simulado)'],
      ['5', 'Visualizações de story automáticas (simulado)'],
      ['6', 'Visualizações de vídeo automáticas (simulado)'],
    ] as const
  ).map(([service, name]) => ({
    service,
    name,
    type: 'Subscriptions',
    rate: '2.00',
    min: 10,
    max: 10000,
    dripfeed: false,
    refill: false,
    cancel: true,
  })),
];

/** The simulated panel's subscription service per plan component (the catalogue may name others). */
export const sandboxComponentServices = { likes_per_post: '4', story_views: '5', video_views: '6' } as const;

const idPattern = /^sbx-(\d+)-(\d+)-([0-9a-f]+)$/;
/** A subscription order: running until its expiry (carried in the id), then over. */
const subscriptionPattern = /^sbxs-(\d+)-[0-9a-f]+$/;

/**
 * A simulated order as if taken a whole SANDBOX_FULFILMENT_SECONDS before `now`: the panel then reports it
 * completed. Null for an id the simulated panel did not make, or a subscription (it runs to its expiry).
 */
export function sandboxIdDeliveredBy(panelOrderId: string, now: Date, seconds: number): string | null {
  const match = idPattern.exec(panelOrderId);
  return match ? `sbx-${now.getTime() - seconds * 1000}-${match[2]}-${match[3]}` : null;
}

export function createSandboxPanel(options: { seconds: number; clock: () => Date }): FulfilmentPanel {
  const durationMs = options.seconds * 1000;
  const statusOf = (id: string): PanelStatus | null => {
    const subscription = subscriptionPattern.exec(id);
    if (subscription) {
      const over = options.clock().getTime() >= Number(subscription[1]);
      return {
        charge: null,
        currency: 'BRL',
        startCount: null,
        state: over ? 'completed' : 'in_progress',
        remains: 0,
      };
    }
    const match = idPattern.exec(id);
    // An id the operator typed in (one 'found at the panel'): the simulated panel knows it, delivered.
    if (!match)
      return /^\d{1,20}$/.test(id)
        ? { charge: null, currency: 'BRL', startCount: null, state: 'completed', remains: 0 }
        : null;
    const quantity = Number(match[2]);
    const elapsed = options.clock().getTime() - Number(match[1]);
    const charge = ((quantity * 9) / 1000).toFixed(2);
    const base = { charge, currency: 'BRL', startCount: 1200 };
    if (elapsed < durationMs / 10) return { ...base, state: 'pending', remains: quantity };
    if (elapsed < durationMs)
      return { ...base, state: 'in_progress', remains: Math.ceil(quantity * (1 - elapsed / durationMs)) };
    return { ...base, state: 'completed', remains: 0 };
  };
  return {
    name: 'sandbox',
    async add(request) {
      const target = request.kind === 'subscription' ? request.username : request.link;
      if (target.includes('link_invalido'))
        return { kind: 'refused', reason: 'bad_link', message: 'Bad Link' };
      if (target.includes('sem_resposta')) return { kind: 'unknown', message: 'add: timeout (simulado)' };
      const suffix = randomBytes(4).toString('hex');
      if (request.kind === 'subscription')
        return { kind: 'accepted', panelOrderId: `sbxs-${request.expiresAt.getTime()}-${suffix}` };
      const total = request.quantity * (request.runs ?? 1);
      const id = `sbx-${options.clock().getTime()}-${total}-${suffix}`;
      return { kind: 'accepted', panelOrderId: id };
    },
    async status(ids) {
      const result = new Map<string, PanelStatus>();
      for (const id of ids) {
        const status = statusOf(id);
        if (status) result.set(id, status);
      }
      return result;
    },
    async cancel(panelOrderId) {
      return subscriptionPattern.test(panelOrderId)
        ? { kind: 'canceled' }
        : { kind: 'refused', message: 'Cancel is disabled for this service' };
    },
    async refill(panelOrderId) {
      return idPattern.test(panelOrderId)
        ? { refillId: `sbx-refill-${options.clock().getTime()}` }
        : { error: 'Incorrect order ID' };
    },
    async refillStatus(refillId) {
      const at = Number(/^sbx-refill-(\d+)$/.exec(refillId)?.[1] ?? NaN);
      if (!Number.isFinite(at)) return null;
      return options.clock().getTime() - at < durationMs ? 'in_progress' : 'completed';
    },
    balance: async () => ({ balance: 1000, currency: 'BRL' }),
    services: async () => sandboxServices,
  };
}
