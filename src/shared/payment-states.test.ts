import { describe, expect, it } from 'vitest';
import { nextPaymentState, pixStateDisplay } from './payment-states';

describe('nextPaymentState', () => {
  it('money received is never undone by a stale report', () => {
    expect(nextPaymentState('paid', 'pending')).toBe('paid');
    expect(nextPaymentState('paid', 'removed')).toBe('paid');
    expect(nextPaymentState('paid', 'in_analysis')).toBe('paid');
  });
  it('after the money: a refund, a dispute and their outcomes', () => {
    expect(nextPaymentState('paid', 'refund_requested')).toBe('refund_requested');
    // A refund denied, a dispute won: paid again.
    expect(nextPaymentState('refund_requested', 'paid')).toBe('paid');
    expect(nextPaymentState('chargeback', 'paid')).toBe('paid');
    expect(nextPaymentState('chargeback', 'refunded')).toBe('refunded');
  });
  it('a refund is final', () => {
    expect(nextPaymentState('refunded', 'paid')).toBe('refunded');
    expect(nextPaymentState('refunded', 'chargeback')).toBe('refunded');
  });
  it('a charge we removed keeps our reason; money that still arrives for it is recorded', () => {
    expect(nextPaymentState('replaced', 'removed')).toBe('replaced');
    expect(nextPaymentState('expired', 'removed')).toBe('expired');
    expect(nextPaymentState('expired', 'paid')).toBe('paid');
    expect(nextPaymentState('pending', 'removed')).toBe('removed');
  });
  it('an attempt whose answer was lost or that failed takes what the provider says', () => {
    expect(nextPaymentState('unknown', 'paid')).toBe('paid');
    expect(nextPaymentState('failed', 'paid')).toBe('paid');
    expect(nextPaymentState('creating', 'in_analysis')).toBe('in_analysis');
  });
});

describe('pixStateDisplay', () => {
  it('names a waiting and a paid PIX as the spec does, anything else as unknown', () => {
    expect(pixStateDisplay('pending')).toEqual({ label: 'Aguardando Pagamento', tone: 'amber' });
    expect(pixStateDisplay('paid')).toEqual({ label: 'Pagamento Recebido', tone: 'green' });
    expect(pixStateDisplay('paid', 'credit_card')).toEqual({ label: 'Pagamento Confirmado', tone: 'green' });
    expect(pixStateDisplay('expired').label).toBe('Status Desconhecido');
  });
});
