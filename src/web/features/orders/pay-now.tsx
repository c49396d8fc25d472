import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { CreateOrderResponse, OrderView } from '#shared/schemas/order-view.ts';
import { buttonPrimary } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { useShop } from '../../lib/boot';
import type { FieldErrors } from '../../lib/field-errors';
import { useNavigate } from '../../router/router';
import {
  afterPaying,
  CardFields,
  emptyPayment,
  InstalmentSelect,
  methodTitle,
  PaymentMethodChoice,
  type PaymentChoice,
  type PaymentValues,
} from '../payment-form';
import { asksForCode } from './order-access';
import { orderWrites } from './orders-api';
import { usePurchaseCode } from './purchase-code';

/**
 * "Pagar agora" on /order/{id} (issue 12): a pending order (declined card, failed or expired PIX, a
 * provider page left open) is paid again with a method of the buyer's choice. The server removes the
 * order's open charge at the provider before making the new one. The tab's token, or the purchase
 * code, proves the buyer is the one asking (ADR 026).
 */
export function PayNow({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const { cardCheckout } = useShop();
  const navigate = useNavigate();
  const [values, setValues] = useState<PaymentValues>(emptyPayment);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recurring = order.service === 'recurring';
  const set = (patch: Partial<PaymentValues>) => setValues((v) => ({ ...v, ...patch }));
  const cardHere = values.paymentMethod === 'credit_card' && cardCheckout === 'transparent';
  const proof = usePurchaseCode(order.id, 'pagar-codigo');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    setBusy(true);
    try {
      const answer = await proof.post<CreateOrderResponse>(orderWrites.payments(order.id), {
        paymentMethod: values.paymentMethod,
        installments: values.paymentMethod === 'credit_card' && !recurring ? Number(values.installments) : 1,
        ...(cardHere
          ? {
              card: {
                number: values.cardNumber,
                expiry: values.cardExpiry,
                cvv: values.cardCvv,
                holderName: values.cardName,
              },
            }
          : {}),
      });
      const next = afterPaying(answer);
      if (next.kind === 'page') navigate(next.path);
      else if (next.kind === 'provider') window.location.assign(next.url);
      else if (next.kind === 'pix') onChanged();
      else setFailure(messages.checkout_failed);
    } catch (error) {
      if (asksForCode(error)) return; // shown under the code field; the order did not change
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else setFailure(error instanceof ApiError ? error.message : messages.checkout_failed);
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="pagar-agora" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="pagar-agora" className="text-xl font-bold text-slate-900">
        Pagar agora
      </h2>
      <p className="mt-1 text-slate-700">Este pedido ainda não foi pago. Escolha como pagar:</p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {values.paymentMethod === '' ? (
          <PaymentMethodChoice
            recurring={recurring}
            onChoose={(m: PaymentChoice) => set({ paymentMethod: m })}
          />
        ) : (
          <p className="text-slate-800">
            Forma de pagamento: <strong>{methodTitle(values.paymentMethod)}</strong>{' '}
            <button type="button" className="underline" onClick={() => set({ paymentMethod: '' })}>
              Trocar
            </button>
          </p>
        )}
        {cardHere && (
          <CardFields
            values={values}
            errors={errors}
            totalCents={order.totalCents}
            set={set}
            instalments={!recurring}
          />
        )}
        {values.paymentMethod === 'credit_card' && cardCheckout === 'hosted' && !recurring && (
          <InstalmentSelect
            value={values.installments}
            totalCents={order.totalCents}
            onChange={(installments) => set({ installments })}
          />
        )}
        {values.paymentMethod !== '' && proof.field}
        {failure && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-200">
            {failure}
          </p>
        )}
        {values.paymentMethod !== '' && (
          <button type="submit" className={`${buttonPrimary} w-full`} disabled={busy}>
            {busy
              ? messages.processing_payment
              : values.paymentMethod === 'pix'
                ? 'Gerar QR Code PIX'
                : 'Finalizar Pagamento'}
          </button>
        )}
      </form>
    </section>
  );
}
