// The panel's "Tarefas com falha": background jobs that used up their attempts, and each kind's name.

/** A background job that used up its attempts (the panel's 'Tarefas com falha'). */
export interface DeadJob {
  id: string;
  kind: string;
  attempts: number;
  lastError: string | null;
  runAt: string;
}

export const jobKindLabels: Record<string, string> = {
  send_email: 'E-mail da conta',
  order_received_email: 'E-mail de pedido recebido',
  payment_confirmed_email: 'E-mail de pagamento confirmado',
  submit_delivery: 'Envio de entrega ao fornecedor',
  stop_plan_component: 'Cancelamento de item de plano no fornecedor',
  delivery_started_email: 'E-mail de entrega iniciada',
  delivery_completed_email: 'E-mail de entrega concluída',
  delivery_link_email: 'E-mail de link inválido',
  owner_alert_email: 'Alerta para a dona da loja',
  expire_pix: 'Expiração de PIX',
  pix_reminder_email: 'Lembrete de PIX',
  refund_email: 'E-mail de reembolso',
  chargeback_alert: 'Alerta de contestação',
  payment_flag_alert: 'Alerta de pagamento inesperado',
  unreadable_webhook_alert: 'Alerta de aviso ilegível do intermediador',
  retire_other_charges: 'Remoção de cobranças a mais de um pedido pago',
  retire_stray_charge: 'Remoção de cobrança desconhecida',
  owner_digest_email: 'Resumo diário da loja',
  card_reproved_email: 'E-mail de cartão reprovado na análise',
  card_not_charged_email: 'E-mail de cartão não cobrado',
  card_capture_refused_email: 'E-mail de mensalidade recusada',
  subscription_ended_alert: 'Alerta de plano encerrado',
};
