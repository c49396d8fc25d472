import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { NextStep } from '#shared/schemas/order-view.ts';
import { buttonPrimary } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { orderWrites, postOrderWrite } from './orders-api';
import { PurchaseCodeField } from './purchase-code';

/**
 * An order page opened without its proof shows what a stranger holding the link may see (ADR 041). The
 * buyer types the purchase code once; the tab then keeps a token and the page shows the rest (the code,
 * the PIX to pay) and writes without asking again.
 */
export function OrderUnlock({
  orderId,
  next,
  onUnlocked,
}: {
  orderId: string;
  next: NextStep;
  onUnlocked: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!code.trim()) {
      setError(messages.order_code_required);
      return;
    }
    setBusy(true);
    try {
      await postOrderWrite(orderId, orderWrites.access(orderId), {}, code);
      onUnlocked();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messages.order_load_failed);
    } finally {
      setBusy(false);
    }
  };
  const why =
    next === 'pix'
      ? 'Há um PIX aguardando pagamento neste pedido. Para ver o código do PIX, digite o código de compra.'
      : next === 'redirect'
        ? 'Há um pagamento com cartão aguardando neste pedido. Para abri-lo, digite o código de compra.'
        : 'Para ver o pedido completo e alterá-lo, digite o código de compra.';
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby="desbloquear-titulo"
      className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      noValidate
    >
      <h2 id="desbloquear-titulo" className="text-xl font-bold text-slate-900">
        Este pedido é seu?
      </h2>
      <p className="mt-2 text-slate-700">
        {why} Ele está no e-mail do pedido; o link desse e-mail também abre tudo.
      </p>
      <PurchaseCodeField
        id="desbloquear-codigo"
        hint="Ex.: AB2C-D3EF"
        value={code}
        onValue={(typed) => {
          setCode(typed);
          // An error shown stays only while the field is still empty (issue 45 §2).
          if (error) setError(typed.trim() ? undefined : messages.order_code_required);
        }}
        error={error}
      />
      <button type="submit" className={`${buttonPrimary} mt-4 w-full`} disabled={busy}>
        {busy ? 'Verificando…' : 'Ver pedido completo'}
      </button>
    </form>
  );
}
