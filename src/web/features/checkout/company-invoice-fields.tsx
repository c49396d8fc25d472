import { maskCnpj } from '#shared/validators/cnpj.ts';
import { TextField } from '../../components/ui/text-field';
import type { FieldErrors } from '../../lib/field-errors';
import { AddOnCheckbox } from './add-on-checkbox';
import type { StepOneValues } from './checkout-form-state';

/**
 * "Precisa de nota em nome de empresa?" (docs/product.md#company-invoices): the box reveals the CNPJ and
 * the company name. The fields are always in the page and shown by CSS while the box is ticked, so a buyer
 * who ticks and types before the scripts run finds it all kept.
 */
export function CompanyInvoiceFields({
  values,
  errors,
  set,
}: {
  values: StepOneValues;
  errors: FieldErrors;
  set: (patch: Partial<StepOneValues>) => void;
}) {
  return (
    <div className="group space-y-3">
      <AddOnCheckbox
        id="companyInvoice"
        label="Precisa de nota em nome de empresa?"
        checked={values.companyInvoice}
        onChecked={(companyInvoice) => set({ companyInvoice })}
      />
      <div className="hidden space-y-3 pl-8 group-has-checked:block">
        <TextField
          id="cnpj"
          label="CNPJ"
          inputMode="text"
          autoCapitalize="characters"
          value={values.cnpj}
          onValue={(cnpj) => set({ cnpj })}
          mask={maskCnpj}
          maxLength={18}
          error={errors['company.cnpj']}
          placeholder="00.000.000/0000-00"
        />
        <TextField
          id="companyName"
          label="Razão social"
          autoComplete="organization"
          value={values.companyName}
          onValue={(companyName) => set({ companyName })}
          maxLength={255}
          error={errors['company.name']}
          hint="A nota fiscal sai em nome desta empresa."
        />
      </div>
    </div>
  );
}
