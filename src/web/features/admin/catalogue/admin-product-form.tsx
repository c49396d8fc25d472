import { useState, type FormEvent } from 'react';
import type { ProductId } from '#shared/catalogue.ts';
import type { AdminProductFields } from '#shared/schemas/catalogue.ts';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { saveProduct } from '../admin-api';
import { Outcome, TextInput, useSave, centsText, typedCents, typedInt } from '../admin-catalogue-fields';

/** A product's own settings: the add-on's unit price and the guarantee (refills) in days. */
export function AdminProductForm(props: {
  product: ProductId;
  settings: AdminProductFields;
  onSaved: () => void;
}) {
  const { product, settings } = props;
  const [unit, setUnit] = useState(centsText(settings.addOnUnitCents));
  const [days, setDays] = useState(String(settings.guaranteeDays));
  const { outcome, save } = useSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: AdminProductFields = { addOnUnitCents: typedCents(unit), guaranteeDays: typedInt(days) };
    await save(() => saveProduct(product, body), 'Salvo.', props.onSaved);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
      <TextInput
        id={`produto-${product}-adicional`}
        label="Adicional: preço por unidade (R$)"
        value={unit}
        inputMode="decimal"
        onChange={setUnit}
      />
      <TextInput
        id={`produto-${product}-garantia`}
        label="Garantia de reposição (dias)"
        value={days}
        inputMode="numeric"
        onChange={setDays}
      />
      <button type="submit" className={buttonSecondary}>
        Salvar
      </button>
      <Outcome outcome={outcome} />
    </form>
  );
}
