import { maskCep } from '#shared/validators/documents.ts';
import { TextField } from '../../components/ui/text-field';
import type { StepTwoValues } from './checkout-form-state';
import type { FieldErrors } from '../../lib/field-errors';

export function AddressFields({
  values,
  errors,
  set,
}: {
  values: StepTwoValues;
  errors: FieldErrors;
  set: (patch: Partial<StepTwoValues>) => void;
}) {
  return (
    <fieldset className="rounded-2xl border border-slate-200 p-4">
      <legend className="px-1 font-bold text-slate-900">Endereço (opcional)</legend>
      <p className="text-sm text-slate-700">
        Só usamos o endereço quando o intermediador de pagamento pede (alguns pagamentos com cartão).
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-6">
        <TextField
          id="cep"
          className="sm:col-span-2"
          label="CEP"
          inputMode="numeric"
          autoComplete="postal-code"
          value={values.cep}
          onValue={(cep) => set({ cep })}
          mask={maskCep}
          maxLength={9}
          error={errors['address.cep']}
          placeholder="00000-000"
        />
        <TextField
          id="street"
          className="sm:col-span-4"
          label="Rua"
          autoComplete="address-line1"
          value={values.street}
          onValue={(street) => set({ street })}
          error={errors['address.street']}
        />
        <TextField
          id="number"
          className="sm:col-span-2"
          label="Número"
          value={values.number}
          onValue={(number) => set({ number })}
          error={errors['address.number']}
        />
        <TextField
          id="neighborhood"
          className="sm:col-span-4"
          label="Bairro"
          value={values.neighborhood}
          onValue={(neighborhood) => set({ neighborhood })}
          error={errors['address.neighborhood']}
        />
        <TextField
          id="city"
          className="sm:col-span-4"
          label="Cidade"
          autoComplete="address-level2"
          value={values.city}
          onValue={(city) => set({ city })}
          error={errors['address.city']}
        />
        <TextField
          id="state"
          className="sm:col-span-2"
          label="UF"
          autoComplete="address-level1"
          value={values.state}
          onValue={(state) => set({ state })}
          mask={(v) =>
            v
              .toUpperCase()
              .replace(/[^A-Z]/g, '')
              .slice(0, 2)
          }
          maxLength={2}
          error={errors['address.state']}
          placeholder="SP"
        />
      </div>
    </fieldset>
  );
}
