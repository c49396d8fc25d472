import { describe, expect, it } from 'vitest';
import { historyText } from './history-labels';

describe('historyText', () => {
  it('reads the stored words in Portuguese', () => {
    expect(historyText({ field: 'payment_status', oldValue: 'unpaid', newValue: 'paid' })).toBe(
      'Pagamento: Pendente → Pago',
    );
    expect(historyText({ field: 'cobrança pix', oldValue: 'pending', newValue: 'paid' })).toBe(
      'Cobrança (PIX): aguardando pagamento → paga',
    );
    expect(historyText({ field: 'cobrança credit_card', oldValue: null, newValue: 'declined' })).toBe(
      'Cobrança (Cartão de crédito): — → recusada',
    );
    expect(historyText({ field: 'status', oldValue: 'pendente', newValue: 'processando' })).toBe(
      'Status do pedido: Pendente → Processando',
    );
  });

  it('reads an invoice asked again', () => {
    expect(historyText({ field: 'nota fiscal', oldValue: 'ERROR', newValue: 'pending' })).toMatch(
      /^Nota fiscal: /,
    );
  });

  it('shows a field or value it does not know as stored', () => {
    expect(historyText({ field: 'entrega likes: link', oldValue: null, newValue: 'https://x' })).toBe(
      'entrega likes: link: — → https://x',
    );
    expect(historyText({ field: 'status', oldValue: 'algo_novo', newValue: null })).toBe(
      'Status do pedido: algo_novo → —',
    );
  });
});
