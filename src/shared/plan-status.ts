// A monthly plan as the shop follows it (docs/payments.md#plans): its status and, once ended, why.

export const subscriptionStatuses = ['pending', 'active', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** `replaced`: the plan's first order was paid again with another method, under a new plan. */
export const planEndReasons = ['operator', 'buyer', 'unpaid', 'provider', 'replaced'] as const;
export type PlanEndReason = (typeof planEndReasons)[number];

/** The operator's words for who ended a plan. */
export const planEndLabels: Record<PlanEndReason, string> = {
  operator: 'cancelado no painel',
  buyer: 'cancelado pelo cliente',
  unpaid: 'cancelado por falta de pagamento',
  provider: 'encerrado pelo intermediador',
  replaced: 'substituído por um novo plano',
};

/** The buyer's words for each status. */
export const planStatusLabels: Record<SubscriptionStatus, string> = {
  pending: 'Aguardando o primeiro pagamento',
  active: 'Ativo',
  paused: 'Pausado: mensalidade em aberto',
  cancelled: 'Cancelado',
};
