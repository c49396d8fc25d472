import { useState, type FormEvent } from 'react';
import type { InvoiceSettings } from '#shared/schemas/invoice-settings.ts';
import { buttonPrimary, fieldInput, fieldLabel } from '#web/components/ui/styles.ts';
import { saveInvoiceSettings } from './admin-invoices-api';
import { CheckInput, Outcome, TextInput, useSave } from '../admin-catalogue-fields';
import { AdminFiscalService } from './admin-fiscal-service';
import { AdminIbsCbs } from './admin-ibs-cbs';

// The settings of the "Nota fiscal" section (docs/nfse.md): rates are typed in percent and kept in
// hundredths of a percent (2,5 % → 250); the server checks everything again.

const defaults: InvoiceSettings = {
  enabled: false,
  issueOn: 'payment',
  municipalServiceId: null,
  municipalServiceCode: null,
  municipalServiceName: '',
  descriptionTemplate: '{servico} (pedido {pedido})',
  retainIss: false,
  issBasisPoints: 0,
  pisBasisPoints: 0,
  cofinsBasisPoints: 0,
  csllBasisPoints: 0,
  inssBasisPoints: 0,
  irBasisPoints: 0,
  cancelOnRefund: true,
  nbsCode: null,
  taxSituationCode: null,
  taxClassificationCode: null,
  operationIndicatorCode: null,
};

const rates = [
  ['issBasisPoints', 'ISS'],
  ['pisBasisPoints', 'PIS'],
  ['cofinsBasisPoints', 'COFINS'],
  ['csllBasisPoints', 'CSLL'],
  ['inssBasisPoints', 'INSS'],
  ['irBasisPoints', 'IR'],
] as const;
type RateField = (typeof rates)[number][0];

const percentText = (basisPoints: number) => (basisPoints / 100).toString().replace('.', ',');
/** '2,5' → 250; what is not a number goes as NaN, which the server refuses with its message. */
const basisPoints = (text: string) =>
  /^\d+([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : NaN;

const moments: Record<InvoiceSettings['issueOn'], string> = {
  payment: 'Quando o pagamento é confirmado',
  delivery: 'Quando a entrega termina',
  request: 'Quando o comprador pedir',
};
const momentOrder = ['payment', 'delivery', 'request'] as const;

const momentHelp: Record<InvoiceSettings['issueOn'], string> = {
  payment: 'A nota sai assim que o pagamento é confirmado.',
  delivery: 'A nota sai quando o pedido fica “Concluído” (entrega terminada ou marcada à mão).',
  request: 'A página do pedido pago mostra “Pedir nota fiscal”; a nota sai quando o comprador pede.',
};

export function AdminInvoiceSettings({ stored }: { stored: InvoiceSettings | null }) {
  const [fields, setFields] = useState<InvoiceSettings>(stored ?? defaults);
  const [percents, setPercents] = useState(
    Object.fromEntries(rates.map(([key]) => [key, percentText((stored ?? defaults)[key])])) as Record<
      RateField,
      string
    >,
  );
  const { outcome, save } = useSave();
  const set = (patch: Partial<InvoiceSettings>) => setFields({ ...fields, ...patch });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = Object.fromEntries(rates.map(([key]) => [key, basisPoints(percents[key])]));
    await save(
      () => saveInvoiceSettings({ ...fields, ...typed }),
      fields.enabled ? 'Salvo. A nota fiscal está ligada.' : 'Salvo. A nota fiscal está desligada.',
      () => undefined,
    );
  };

  return (
    <section aria-labelledby="nota-fiscal" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="nota-fiscal" className="text-lg font-bold text-slate-900">
        Emissão
      </h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-4">
        <CheckInput
          id="nota-ligada"
          label="Emitir nota fiscal (NFS-e) para cada venda"
          checked={fields.enabled}
          onChange={(enabled) => set({ enabled })}
        />
        <fieldset>
          <legend className={fieldLabel}>Quando emitir</legend>
          {momentOrder.map((value) => (
            <label key={value} className="mt-1 flex items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="quando-emitir"
                checked={fields.issueOn === value}
                onChange={() => set({ issueOn: value })}
              />
              {moments[value]}
            </label>
          ))}
          <p className="mt-1 text-sm text-slate-700">
            {momentHelp[fields.issueOn]} Os planos mensais têm a nota de cada mês paga emitida pelo Asaas.
          </p>
        </fieldset>
        <div>
          <p className={fieldLabel}>Serviço municipal</p>
          <p className="mb-2 text-slate-900" data-testid="servico-escolhido">
            {fields.municipalServiceName
              ? `${fields.municipalServiceName} (${fields.municipalServiceId ?? fields.municipalServiceCode})`
              : 'Nenhum serviço escolhido.'}
          </p>
          <AdminFiscalService
            onPick={(service) => {
              set({
                municipalServiceId: service.id,
                municipalServiceCode: null,
                municipalServiceName: service.description,
              });
              // A service without Asaas's rate keeps the one typed: the accountant's.
              if (service.issTax !== null)
                setPercents({ ...percents, issBasisPoints: percentText(Math.round(service.issTax * 100)) });
            }}
          />
        </div>
        <fieldset className="flex flex-wrap gap-3">
          <legend className={fieldLabel}>Alíquotas (%)</legend>
          {rates.map(([key, label]) => (
            <div key={key} className="w-24">
              <label htmlFor={`aliquota-${key}`} className="text-sm text-slate-800">
                {label}
              </label>
              <input
                id={`aliquota-${key}`}
                className={fieldInput}
                inputMode="decimal"
                value={percents[key]}
                onChange={(e) => setPercents({ ...percents, [key]: e.target.value })}
              />
            </div>
          ))}
        </fieldset>
        <AdminIbsCbs value={fields} onChange={set} />
        <CheckInput
          id="iss-retido"
          label="O ISS é retido pelo tomador"
          checked={fields.retainIss}
          onChange={(retainIss) => set({ retainIss })}
        />
        <TextInput
          id="nota-descricao"
          label="Descrição da nota ({servico}, {pedido}, {quantidade})"
          multiline
          value={fields.descriptionTemplate}
          onChange={(descriptionTemplate) => set({ descriptionTemplate })}
        />
        <CheckInput
          id="nota-reembolso"
          label="Cancelar a nota quando o pedido for reembolsado por inteiro"
          checked={fields.cancelOnRefund}
          onChange={(cancelOnRefund) => set({ cancelOnRefund })}
        />
        <button type="submit" className={buttonPrimary}>
          Salvar nota fiscal
        </button>
        <Outcome outcome={outcome} />
      </form>
    </section>
  );
}
