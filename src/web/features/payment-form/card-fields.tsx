import { maskCardNumber, maskExpiry, onlyDigits } from '#shared/validators/documents.ts';
import { TextField } from '../../components/ui/text-field';
import { InstalmentSelect } from './instalment-select';
import type { PaymentValues } from './payment-values';
import type { FieldErrors } from '../../lib/field-errors';

export function CardFields({
  values,
  errors,
  totalCents,
  set,
  instalments = true,
}: {
  values: PaymentValues;
  errors: FieldErrors;
  totalCents: number;
  set: (patch: Partial<PaymentValues>) => void;
  /** Off for a monthly plan: each month is charged whole, so there is nothing to split. */
  instalments?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="cardNumber"
        className="sm:col-span-2"
        label="Número do cartão"
        inputMode="numeric"
        autoComplete="cc-number"
        value={values.cardNumber}
        onValue={(cardNumber) => set({ cardNumber })}
        mask={maskCardNumber}
        maxLength={23}
        error={errors['card.number']}
        placeholder="0000 0000 0000 0000"
      />
      <TextField
        id="cardExpiry"
        label="Validade (MM/AA)"
        inputMode="numeric"
        autoComplete="cc-exp"
        value={values.cardExpiry}
        onValue={(cardExpiry) => set({ cardExpiry })}
        mask={maskExpiry}
        maxLength={5}
        error={errors['card.expiry']}
        placeholder="MM/AA"
      />
      <TextField
        id="cardCvv"
        label="CVV"
        inputMode="numeric"
        autoComplete="cc-csc"
        value={values.cardCvv}
        onValue={(cardCvv) => set({ cardCvv })}
        mask={(v) => onlyDigits(v).slice(0, 4)}
        maxLength={4}
        error={errors['card.cvv']}
        placeholder="123"
      />
      <TextField
        id="cardName"
        className="sm:col-span-2"
        label="Nome do titular (como no cartão)"
        autoComplete="cc-name"
        value={values.cardName}
        onValue={(cardName) => set({ cardName })}
        mask={(v) => v.toUpperCase()}
        error={errors['card.holderName']}
        placeholder="NOME COMO NO CARTÃO"
      />
      {instalments && (
        <InstalmentSelect
          className="sm:col-span-2"
          value={values.installments}
          totalCents={totalCents}
          onChange={(installments) => set({ installments })}
        />
      )}
    </div>
  );
}
