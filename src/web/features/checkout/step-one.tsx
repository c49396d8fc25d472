import type { Dispatch, FormEvent, SetStateAction } from 'react';
import type { ProductId } from '#shared/catalogue.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import {
  addOnPriceCents,
  addOnProductsFor,
  addOnQuantity,
  findPackage,
  isProductSwitchedOff,
  productKind,
} from '#shared/pricing.ts';
import { whatsappSettlementAboveCents } from '#shared/catalogue.ts';
import { useCatalogue, useShop } from '../../lib/boot';
import { maskPhone } from '#shared/validators/documents.ts';
import { TextField } from '../../components/ui/text-field';
import { buttonPrimary } from '../../components/ui/styles';
import type { StepOneValues } from './checkout-form-state';
import { AddOnCheckbox } from './add-on-checkbox';
import { CompanyInvoiceFields } from './company-invoice-fields';
import type { FieldErrors } from '../../lib/field-errors';

export function StepOne({
  product,
  amount,
  values,
  errors,
  onChange,
  onContinue,
}: {
  product: ProductId | null;
  amount: number;
  values: StepOneValues;
  errors: FieldErrors;
  onChange: Dispatch<SetStateAction<StepOneValues>>;
  onContinue: () => void;
}) {
  const catalogue = useCatalogue();
  const shop = useShop();
  const pack = product ? findPackage(catalogue, product, amount) : undefined;
  const subtotalCents =
    (pack?.priceCents ?? 0) +
    values.addOns.reduce((sum, addOn) => sum + addOnPriceCents(catalogue, addOn, amount), 0);
  const needsPostLink = product !== null && productKind(product).needsPostLink;
  // A product the shop does not sell (no panel service) is not offered as an add-on either.
  const addOns = product
    ? addOnProductsFor(product).filter((addOn) => !isProductSwitchedOff(addOn, shop.unavailablePackages))
    : [];
  // Updates from the latest values: fields that take what was typed before the scripts ran do so one
  // after another in the same tick, and a snapshot would let the last undo the others.
  const set = (patch: Partial<StepOneValues>) => onChange((v) => ({ ...v, ...patch }));
  const toggleAddOn = (id: ProductId, checked: boolean) =>
    onChange((v) => ({ ...v, addOns: checked ? [...v.addOns, id] : v.addOns.filter((a) => a !== id) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onContinue();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-labelledby="etapa-1-titulo">
      <h2 id="etapa-1-titulo" className="text-xl font-bold text-slate-900">
        1. Seus dados do Instagram
      </h2>
      <TextField
        id="instagram"
        label="Seu @ do Instagram"
        value={values.instagram}
        onValue={(instagram) => set({ instagram })}
        error={errors.instagram}
        placeholder="@meu.perfil"
        autoCapitalize="none"
        autoComplete="off"
        maxLength={31}
        hint="Nunca pedimos a sua senha."
      />
      {needsPostLink && (
        <TextField
          id="postLink"
          label="Link da publicação"
          type="url"
          inputMode="url"
          value={values.postLink}
          onValue={(postLink) => set({ postLink })}
          error={errors.postLink}
          placeholder="https://www.instagram.com/p/..."
        />
      )}
      <TextField
        id="whatsapp"
        label="Seu WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={values.whatsapp}
        onValue={(whatsapp) => set({ whatsapp })}
        mask={maskPhone}
        maxLength={16}
        error={errors.whatsapp}
        placeholder="(11) 9 1234-5678"
        hint="Ex.: (11) 9 1234-5678. Usamos só para falar sobre o seu pedido."
      />
      {shop.whatsappUpdates && (
        <AddOnCheckbox
          id="whatsappUpdates"
          label="Quero receber atualizações do pedido pelo WhatsApp"
          checked={values.whatsappUpdates}
          onChecked={(whatsappUpdates) => set({ whatsappUpdates })}
        />
      )}
      {addOns.length > 0 && (
        <fieldset className="space-y-3 rounded-2xl bg-fuchsia-50 p-4">
          <legend className="px-1 text-base font-bold text-slate-900">Aproveite e adicione</legend>
          {addOns.map((addOn) => {
            const addOnProduct = productKind(addOn);
            const checked = values.addOns.includes(addOn);
            const priceCents = addOnPriceCents(catalogue, addOn, amount);
            const label = `+ ${formatInteger(addOnQuantity(amount))} ${addOnProduct.unitLabel} por ${formatBRL(priceCents)}`;
            // Said before the buyer continues: this add-on takes the order over the WhatsApp limit.
            const others = subtotalCents - (checked ? priceCents : 0);
            const crosses =
              others <= whatsappSettlementAboveCents && others + priceCents > whatsappSettlementAboveCents;
            return (
              <div key={addOn}>
                <AddOnCheckbox
                  id={`addOn.${addOn}`}
                  label={label}
                  checked={checked}
                  onChecked={(on) => toggleAddOn(addOn, on)}
                />
                {crosses && (
                  <p
                    role={checked ? 'status' : undefined}
                    className="mt-1 pl-8 text-sm font-medium text-amber-900"
                  >
                    Com este adicional o total passa de {formatBRL(whatsappSettlementAboveCents)}: o pedido é
                    finalizado com a nossa equipe pelo WhatsApp, sem PIX ou cartão aqui.
                  </p>
                )}
                {checked && addOnProduct.needsPostLink && (
                  <TextField
                    id={`addOnLinks.${addOn}`}
                    className="mt-2 pl-8"
                    label={`Link da publicação para as ${addOnProduct.unitLabel}`}
                    type="url"
                    inputMode="url"
                    value={values.addOnLinks[addOn] ?? ''}
                    onValue={(link) => set({ addOnLinks: { ...values.addOnLinks, [addOn]: link } })}
                    error={errors[`addOnLinks.${addOn}`]}
                    placeholder="https://www.instagram.com/p/..."
                    hint={
                      needsPostLink
                        ? 'Em branco, vão para a mesma publicação do pedido.'
                        : 'A publicação que vai receber o adicional.'
                    }
                  />
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <CompanyInvoiceFields values={values} errors={errors} set={set} />
      <button type="submit" className={`${buttonPrimary} w-full`}>
        Continuar
      </button>
    </form>
  );
}
