import { useState, type FormEvent } from 'react';
import type { PlanId } from '#shared/catalogue.ts';
import { formatInteger } from '#shared/money.ts';
import { componentDelays, planComponentKinds, type PlanComponentId } from '#shared/plan-components.ts';
import type { AdminPlanComponentFields } from '#shared/schemas/catalogue.ts';
import type { PanelReport } from '#shared/schemas/deliveries.ts';
import { savePlanComponent } from '../admin-api';
import { SaveButton, TextInput, typedInt, useSave } from '../admin-catalogue-fields';
import { SelectInput } from '../admin-choice-fields';

/** The panel's published delays, in the owner's words ("Sem atraso", "30 min", "2 h"). */
const delayChoices = componentDelays.map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'Sem atraso' : minutes < 60 || minutes % 60 ? `${minutes} min` : `${minutes / 60} h`,
}));

/** What the panel says of the component's service: its name, type, min–max, or why it cannot deliver. */
function ServiceFacts({ row }: { row: PanelReport['components'][number] | undefined }) {
  if (!row) return null;
  const facts = row.type
    ? `${row.name ?? ''} · tipo ${row.type} · ${formatInteger(row.min ?? 0)}–${formatInteger(row.max ?? 0)} por publicação${row.cancel ? '' : ' · sem cancelamento'}`
    : null;
  return (
    <div className="text-xs sm:col-span-2">
      {facts && <p className="text-slate-700">{facts}</p>}
      {row.problem && <p className="font-semibold text-red-800">{row.problem}</p>}
    </div>
  );
}

/**
 * One engagement component of a plan (ADR 032): the quantity the card promises, the panel's subscription
 * service that delivers it every paid month (left blank, the month is an operator task) and how long the
 * panel waits after each new post before delivering.
 */
export function AdminPlanComponentForm(props: {
  plan: PlanId;
  component: AdminPlanComponentFields & { id: PlanComponentId };
  report: PanelReport['components'][number] | undefined;
  onSaved: () => void;
}) {
  const { plan, component } = props;
  const [quantity, setQuantity] = useState(String(component.quantity));
  const [service, setService] = useState(component.panelServiceId ?? '');
  const [delay, setDelay] = useState(String(component.delayMinutes));
  const { outcome, save } = useSave();
  const key = `plano-${plan}-${component.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: AdminPlanComponentFields = {
      quantity: typedInt(quantity),
      panelServiceId: service.trim() || null,
      delayMinutes: componentDelays.find((minutes) => String(minutes) === delay) ?? 0,
    };
    await save(() => savePlanComponent(plan, component.id, body), 'Salvo.', props.onSaved);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="grid items-end gap-3 rounded-lg p-2 ring-1 ring-slate-100 sm:grid-cols-6">
        <legend className="px-1 text-sm font-semibold text-slate-900">
          {planComponentKinds[component.id].auto}
        </legend>
        <TextInput
          id={`${key}-qtd`}
          label={`Quantidade (${planComponentKinds[component.id].unit})`}
          value={quantity}
          inputMode="numeric"
          onChange={setQuantity}
        />
        <TextInput
          id={`${key}-servico`}
          label="Serviço no painel (assinatura)"
          value={service}
          onChange={setService}
        />
        <SelectInput
          id={`${key}-atraso`}
          label="Atraso após cada publicação"
          value={delay}
          onChange={setDelay}
          choices={delayChoices}
        />
        <ServiceFacts row={props.report} />
        <SaveButton outcome={outcome} />
      </fieldset>
    </form>
  );
}
