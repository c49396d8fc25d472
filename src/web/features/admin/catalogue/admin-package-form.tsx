import { useState, type FormEvent } from 'react';
import type { ProductId } from '#shared/catalogue.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import type { AdminPackageFields } from '#shared/schemas/catalogue.ts';
import type { PanelCosts } from '#shared/schemas/deliveries.ts';
import { PackageCost } from './admin-package-cost';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { savePackage } from '../admin-api';
import {
  CheckInput,
  Outcome,
  TextInput,
  useSave,
  centsText,
  typedCents,
  typedInt,
  typedLines,
} from '../admin-catalogue-fields';

const formOf = (pack: AdminPackageFields | null) => ({
  amount: pack ? String(pack.amount) : '',
  price: pack ? centsText(pack.priceCents) : '',
  popular: pack?.popular ?? false,
  available: pack?.available ?? true,
  perks: pack?.perks.join('\n') ?? '',
  service: pack?.panelServiceId ?? '',
});

/** One package of the catalogue editor, or (without `pack`) the form that adds one. */
export function AdminPackageForm(props: {
  product: ProductId;
  unitLabel: string;
  pack: AdminPackageFields | null;
  onSaved: () => void;
  /** Its cost at the panel and margin, computed by the server (absent for a new package). */
  cost?: PanelCosts['packages'][number] | undefined;
}) {
  const { product, pack } = props;
  const [form, setForm] = useState(() => formOf(pack));
  const { outcome, save } = useSave();
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const key = `pacote-${product}-${pack?.amount ?? 'novo'}`;
  const legend = pack
    ? `${formatInteger(pack.amount)} ${props.unitLabel}`
    : `Novo pacote de ${props.unitLabel}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: AdminPackageFields = {
      amount: typedInt(form.amount),
      priceCents: typedCents(form.price),
      popular: form.popular,
      available: form.available,
      perks: typedLines(form.perks),
      panelServiceId: form.service.trim() || null,
    };
    await save(
      () => savePackage(product, pack?.amount, body),
      pack ? 'Salvo.' : 'Pacote adicionado.',
      () => {
        if (!pack) setForm(formOf(null));
        props.onSaved();
      },
    );
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="grid items-end gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-6">
        <legend className="px-1 text-sm font-bold text-slate-900">{legend}</legend>
        {props.cost && (
          <div className="sm:col-span-6">
            {pack && (
              <p className="text-sm font-semibold text-slate-900 sm:hidden">
                Preço: {formatBRL(pack.priceCents)}
              </p>
            )}
            <PackageCost cost={props.cost} />
          </div>
        )}
        {/* On a phone the fields open on demand: thirteen packages' forms were a page a thumb scrolled for ever. */}
        <button
          type="button"
          className={`${buttonSecondary} sm:hidden`}
          aria-expanded={open}
          aria-controls={`${key}-campos`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Fechar' : pack ? 'Editar' : 'Preencher'}
        </button>
        <div id={`${key}-campos`} className={`contents ${open ? '' : 'max-sm:hidden'}`}>
          <TextInput
            id={`${key}-qtd`}
            label="Quantidade"
            value={form.amount}
            inputMode="numeric"
            onChange={(amount) => set({ amount })}
          />
          <TextInput
            id={`${key}-preco`}
            label="Preço (R$)"
            value={form.price}
            inputMode="decimal"
            onChange={(price) => set({ price })}
          />
          <TextInput
            id={`${key}-servico`}
            label="Serviço no painel (opcional)"
            value={form.service}
            onChange={(service) => set({ service })}
          />
          <TextInput
            id={`${key}-vantagens`}
            label="Vantagens (uma por linha)"
            value={form.perks}
            multiline
            onChange={(perks) => set({ perks })}
          />
          <div className="space-y-2">
            <CheckInput
              id={`${key}-popular`}
              label="Mais vendido"
              checked={form.popular}
              onChange={(popular) => set({ popular })}
            />
            <CheckInput
              id={`${key}-disponivel`}
              label="Disponível"
              checked={form.available}
              onChange={(available) => set({ available })}
            />
          </div>
          <div className="space-y-2">
            <button type="submit" className={buttonSecondary}>
              {pack ? 'Salvar' : 'Adicionar pacote'}
            </button>
            <Outcome outcome={outcome} />
          </div>
        </div>
      </fieldset>
    </form>
  );
}
