import { useState } from 'react';
import { formatDay } from '#shared/dates.ts';
import { formatBRL } from '#shared/money.ts';
import { planStatusLabels } from '#shared/plan-status.ts';
import type { PlanView } from '#shared/schemas/order-view.ts';
import { buttonPrimary, buttonSecondary } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { orderPage } from '../../paths';
import { Link } from '../../router/link';
import { PixCopyField } from '../payment-form';
import { asksForCode } from './order-access';
import { orderWrites } from './orders-api';
import { usePurchaseCode } from './purchase-code';

const methodWords = { pix: 'PIX', credit_card: 'cartão de crédito' } as const;

/**
 * "Seu plano" on /order/{id} and /dashboard (issue 43): where the plan stands, the next charge, the PIX
 * month waiting for its money with its code, and "Cancelar plano" with a confirmation that says what
 * happens. Cancelling needs the order's proof (the tab's token, the account's session or the code).
 */
export function PlanPanel({
  orderId,
  plan,
  onChanged,
}: {
  orderId: string;
  plan: PlanView;
  onChanged: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const proof = usePurchaseCode(orderId, `plano-codigo-${plan.subscriptionId}`);
  const cancelled = plan.status === 'cancelled';
  const cancelAsked = !cancelled && plan.cancelReason === 'buyer';
  const open = plan.openMonth;
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await proof.post(orderWrites.planCancel(orderId), {});
      setConfirming(false);
      onChanged();
    } catch (error) {
      if (asksForCode(error)) return; // shown under the code field
      setFailure(
        error instanceof ApiError ? error.message : 'Não foi possível cancelar agora. Tente de novo.',
      );
    } finally {
      setBusy(false);
    }
  };
  const monthLink = open
    ? `${orderPage(open.orderId)}${open.orderToken ? `#acesso=${encodeURIComponent(open.orderToken)}` : ''}`
    : null;

  return (
    <section
      aria-labelledby={`plano-${plan.subscriptionId}`}
      className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      data-testid="plan-panel"
    >
      <h2 id={`plano-${plan.subscriptionId}`} className="text-xl font-bold text-slate-900">
        Seu plano
      </h2>
      <p className="mt-2 text-slate-900">
        Situação: <strong>{cancelAsked ? 'Cancelamento solicitado' : planStatusLabels[plan.status]}</strong>
      </p>
      {plan.nextCharge && !cancelAsked && (
        <p className="mt-1 text-slate-800">
          Próxima cobrança: <strong>{formatDay(plan.nextCharge.dueDate)}</strong> ·{' '}
          {formatBRL(plan.nextCharge.amountCents)} · {methodWords[plan.nextCharge.method]}
        </p>
      )}
      {cancelled && (
        <p className="mt-1 text-slate-800">
          Nenhuma nova mensalidade será cobrada.
          {plan.runsUntil ? ` O mês já pago segue até ${formatDay(plan.runsUntil)}.` : ''}
        </p>
      )}
      {open && open.orderId === orderId && (
        <p className="mt-4 rounded-xl bg-amber-50 p-4 font-semibold text-amber-950 ring-1 ring-amber-200">
          Esta mensalidade vence em {formatDay(open.dueDate)}: pague com o PIX desta página.
          {plan.status === 'paused' && ' O plano está pausado até o pagamento.'}
        </p>
      )}
      {open && open.orderId !== orderId && (
        <div className="mt-4 space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
          <p className="font-semibold text-amber-950">
            Mensalidade de {formatBRL(open.amountCents)} com vencimento em {formatDay(open.dueDate)} em
            aberto.
            {plan.status === 'paused' && ' O plano está pausado até o pagamento.'}
          </p>
          {open.pixPayload && (
            <PixCopyField payload={open.pixPayload} id={`pix-mes-${plan.subscriptionId}`} />
          )}
          {monthLink && (
            <Link to={monthLink} className="inline-block font-semibold text-fuchsia-800 underline">
              Pagar a mensalidade (QR Code)
            </Link>
          )}
        </div>
      )}
      {!cancelled && !cancelAsked && !confirming && (
        <button type="button" className={`${buttonSecondary} mt-4`} onClick={() => setConfirming(true)}>
          Cancelar plano
        </button>
      )}
      {confirming && (
        <div role="alertdialog" aria-labelledby={`cancelar-${plan.subscriptionId}`} className="mt-4">
          <p id={`cancelar-${plan.subscriptionId}`} className="font-semibold text-slate-900">
            Cancelar o plano? Nenhuma nova mensalidade será cobrada, e o mês já pago segue até o fim.
          </p>
          {proof.field}
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <button type="button" className={buttonPrimary} onClick={() => void cancel()} disabled={busy}>
              {busy ? 'Cancelando…' : 'Sim, cancelar o plano'}
            </button>
            <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
              Manter o plano
            </button>
          </div>
        </div>
      )}
      {cancelAsked && (
        <p className="mt-2 text-sm text-slate-700">
          Recebemos o seu pedido de cancelamento: confirmamos por e-mail assim que o intermediador responder.
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
    </section>
  );
}
