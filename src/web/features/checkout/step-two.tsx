import { useEffect, useRef, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { maskCpf } from '#shared/validators/documents.ts';
import { TextField } from '../../components/ui/text-field';
import { useShop } from '../../lib/boot';
import { buttonPrimary, buttonSecondary } from '../../components/ui/styles';
import { AddressFields } from './address-fields';
import { PlanTerms } from './plan-terms';
import {
  CardFields,
  InstalmentSelect,
  methodTitle,
  PaymentMethodChoice,
  type PaymentChoice,
} from '../payment-form';
import type { StepTwoValues } from './checkout-form-state';
import type { FieldErrors } from '../../lib/field-errors';

export function StepTwo({
  values,
  errors,
  totalCents,
  settlesOnWhatsapp,
  recurring,
  busyText,
  failure,
  onChange,
  onSubmit,
  onBack,
  couponSlot,
  pixPercent,
}: {
  values: StepTwoValues;
  errors: FieldErrors;
  totalCents: number;
  settlesOnWhatsapp: boolean;
  /** Monthly plans are paid by PIX or credit card (docs/product.md#plans). */
  recurring: boolean;
  busyText: string | null;
  failure: string | null;
  onChange: Dispatch<SetStateAction<StepTwoValues>>;
  onSubmit: () => void;
  onBack: () => void;
  /** "Cupom de desconto", shown once the buyer has chosen how to pay. */
  couponSlot: ReactNode;
  pixPercent: number;
}) {
  const { cardCheckout } = useShop();
  const failureRef = useRef<HTMLDivElement>(null);
  // The box appears above the button the buyer just pressed; on a phone it would sit at the screen's edge.
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'center' });
  }, [failure]);
  // From the latest values, as on step one: several fields may set theirs in one tick.
  const set = (patch: Partial<StepTwoValues>) => onChange((v) => ({ ...v, ...patch }));
  const chooseMethod = (paymentMethod: PaymentChoice) => set({ paymentMethod });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const waitsForMethod = recurring && values.paymentMethod === '';
  const label = settlesOnWhatsapp
    ? 'Finalizar pelo WhatsApp'
    : values.paymentMethod === 'pix'
      ? 'Gerar QR Code PIX'
      : 'Finalizar Pagamento';

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-labelledby="etapa-2-titulo">
      <h2 id="etapa-2-titulo" className="text-xl font-bold text-slate-900">
        2. Pagamento
      </h2>
      {settlesOnWhatsapp ? (
        <p className="rounded-2xl bg-green-50 p-4 text-green-900 ring-1 ring-green-200">
          Pedidos acima de R$ 150,00 são finalizados com a nossa equipe pelo WhatsApp: registramos o pedido e
          você combina o pagamento com atendimento humano.
        </p>
      ) : values.paymentMethod === '' ? (
        <PaymentMethodChoice
          onChoose={chooseMethod}
          error={errors.paymentMethod}
          recurring={recurring}
          pixPercent={pixPercent}
        />
      ) : (
        <p className="flex flex-wrap items-center gap-3 text-slate-900">
          <span>
            Forma de pagamento: <strong>{methodTitle(values.paymentMethod)}</strong>
          </span>
          <button
            type="button"
            className="font-semibold text-fuchsia-800 underline"
            onClick={() => set({ paymentMethod: '' })}
          >
            Trocar método
          </button>
        </p>
      )}
      {(settlesOnWhatsapp || values.paymentMethod !== '') && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="name"
              className="sm:col-span-2"
              label="Nome completo"
              autoComplete="name"
              value={values.name}
              onValue={(name) => set({ name })}
              error={errors.name}
            />
            <TextField
              id="email"
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onValue={(email) => set({ email })}
              error={errors.email}
              hint="Enviamos o código de compra para este e-mail."
            />
            {!settlesOnWhatsapp && (
              <TextField
                id="cpf"
                label="CPF"
                inputMode="numeric"
                value={values.cpf}
                onValue={(cpf) => set({ cpf })}
                mask={maskCpf}
                maxLength={14}
                error={errors.cpf}
                placeholder="000.000.000-00"
                hint="Exigido pelo intermediador de pagamento."
              />
            )}
          </div>
          {values.paymentMethod === 'credit_card' && !settlesOnWhatsapp && cardCheckout === 'transparent' && (
            <CardFields
              values={values}
              errors={errors}
              totalCents={totalCents}
              set={set}
              instalments={!recurring}
            />
          )}
          {values.paymentMethod === 'credit_card' &&
            !settlesOnWhatsapp &&
            cardCheckout === 'hosted' &&
            !recurring && (
              <InstalmentSelect
                value={values.installments}
                totalCents={totalCents}
                onChange={(installments) => set({ installments })}
              />
            )}
          {/* Only a card may need the address (issue 45 §5: none for PIX). */}
          {!settlesOnWhatsapp && values.paymentMethod === 'credit_card' && (
            <AddressFields values={values} errors={errors} set={set} />
          )}
          {couponSlot}
        </>
      )}
      {failure && (
        <div
          ref={failureRef}
          role="alert"
          className="rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
        >
          <p className="font-bold">Erro ao processar</p>
          <p>{failure}</p>
        </div>
      )}
      {recurring && (values.paymentMethod === 'pix' || values.paymentMethod === 'credit_card') && (
        <PlanTerms totalCents={totalCents} method={values.paymentMethod} />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" className={buttonSecondary} onClick={onBack} disabled={busyText !== null}>
          Voltar
        </button>
        <button
          type="submit"
          className={`${buttonPrimary} flex-1`}
          // A plan's button waits for a method: its terms depend on it (issue 43).
          disabled={busyText !== null || waitsForMethod}
          aria-live="polite"
        >
          {busyText ?? (waitsForMethod ? 'Escolha a forma de pagamento' : label)}
        </button>
      </div>
    </form>
  );
}
