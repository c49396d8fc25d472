import { useState, type FormEvent } from 'react';
import type { AdminCatalogue, AdminPlanFields } from '#shared/schemas/catalogue.ts';
import type { PanelReport } from '#shared/schemas/deliveries.ts';
import { savePlan } from '../admin-api';
import {
  CheckInput,
  SaveButton,
  TextInput,
  useSave,
  centsText,
  typedCents,
  typedInt,
  typedLines,
} from '../admin-catalogue-fields';
import { AdminPlanComponentForm } from './admin-plan-component-form';

/** A monthly plan in the catalogue editor: price, badge, the daily range delivery sends, the card's lines. */
export function AdminPlanForm(props: {
  plan: AdminCatalogue['plans'][number];
  /** The panel's view of each component's service (absent when the panel did not answer). */
  report: PanelReport['components'];
  onSaved: () => void;
}) {
  const { plan } = props;
  const [form, setForm] = useState({
    price: centsText(plan.priceCents),
    popular: plan.popular,
    badge: plan.badge ?? '',
    dailyMin: String(plan.dailyMin),
    dailyMax: String(plan.dailyMax),
    features: plan.features.join('\n'),
    benefits: plan.benefits.join('\n'),
  });
  const { outcome, save } = useSave();
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const key = `plano-${plan.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: AdminPlanFields = {
      priceCents: typedCents(form.price),
      popular: form.popular,
      badge: form.badge.trim() || null,
      dailyMin: typedInt(form.dailyMin),
      dailyMax: typedInt(form.dailyMax),
      features: typedLines(form.features),
      benefits: typedLines(form.benefits),
    };
    await save(() => savePlan(plan.id, body), 'Salvo.', props.onSaved);
  };

  return (
    <div className="space-y-2">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="grid items-end gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-4">
          <legend className="px-1 text-sm font-bold text-slate-900">Plano {plan.name}</legend>
          <TextInput
            id={`${key}-preco`}
            label="Preço por mês (R$)"
            value={form.price}
            inputMode="decimal"
            onChange={(price) => set({ price })}
          />
          <TextInput
            id={`${key}-selo`}
            label="Selo (opcional)"
            value={form.badge}
            onChange={(badge) => set({ badge })}
          />
          <TextInput
            id={`${key}-min`}
            label="Seguidores por dia (mín.)"
            value={form.dailyMin}
            inputMode="numeric"
            onChange={(dailyMin) => set({ dailyMin })}
          />
          <TextInput
            id={`${key}-max`}
            label="Seguidores por dia (máx.)"
            value={form.dailyMax}
            inputMode="numeric"
            onChange={(dailyMax) => set({ dailyMax })}
          />
          <TextInput
            id={`${key}-recursos`}
            label="Recursos (um por linha)"
            value={form.features}
            multiline
            onChange={(features) => set({ features })}
          />
          <TextInput
            id={`${key}-beneficios`}
            label="Benefícios (um por linha)"
            value={form.benefits}
            multiline
            onChange={(benefits) => set({ benefits })}
          />
          <CheckInput
            id={`${key}-popular`}
            label="Destacar (mais escolhido)"
            checked={form.popular}
            onChange={(popular) => set({ popular })}
          />
          <SaveButton outcome={outcome} />
        </fieldset>
      </form>
      {plan.components.map((component) => (
        <AdminPlanComponentForm
          key={component.id}
          plan={plan.id}
          component={component}
          report={props.report.find((r) => r.plan === plan.id && r.component === component.id)}
          onSaved={props.onSaved}
        />
      ))}
    </div>
  );
}
