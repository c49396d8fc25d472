import { addMonths, formatDay, saoPauloDay } from '#shared/dates.ts';
import { formatBRL } from '#shared/money.ts';

/**
 * Beside a plan's pay button (issue 43): the monthly amount, the method, when it is charged and how to
 * cancel, so nobody subscribes without knowing it.
 */
export function PlanTerms({ totalCents, method }: { totalCents: number; method: 'pix' | 'credit_card' }) {
  const next = formatDay(addMonths(saoPauloDay(new Date()), 1));
  return (
    <p
      className="rounded-2xl bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200"
      data-testid="plan-terms"
    >
      <strong>{formatBRL(totalCents)} por mês</strong>{' '}
      {method === 'pix'
        ? `no PIX. Hoje você paga o 1º mês; a próxima mensalidade vence em ${next}, e o PIX de cada mês chega por e-mail antes do vencimento.`
        : `no cartão de crédito: cobrado hoje e, a cada mês, a partir de ${next}.`}{' '}
      Cancele quando quiser em Minha conta ou na página do pedido: nada mais é cobrado, e o mês pago segue até
      o fim.
    </p>
  );
}
