import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { productKinds } from '#shared/catalogue.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { AdminCatalogue, AdminCatalogueAudit } from '#shared/schemas/catalogue.ts';
import type { PanelReport } from '#shared/schemas/deliveries.ts';
import { adminCatalogue, supplierPanel } from '../admin-api';
import { AdminPackageForm } from './admin-package-form';
import { AdminPlanForm } from './admin-plan-form';
import { AdminProductForm } from './admin-product-form';
import { CostRule } from './admin-package-cost';
import { Failure, failureText } from '../admin-failure';

const auditFields = z.record(z.string(), z.unknown());
/** An audit entry's side: the JSON of the fields (none when it is absent, as before a creation). */
const fieldsOf = (text: string | null) => auditFields.parse(text ? JSON.parse(text) : {});

/** "before → after" of the fields an edit changed. */
function changed(entry: AdminCatalogueAudit): string {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  const fields = Object.keys(after).filter((k) => show(before[k]) !== show(after[k]));
  if (!entry.before) return 'criado';
  return fields.map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join('; ') || 'sem mudança';
}

/**
 * "Catálogo e preços" (issue 13): every package, add-on price, guarantee and plan, saved one at a time.
 * New orders use a change at once; the shop's pages show it within seconds on every instance.
 */
export function AdminCatalogueEditor() {
  const [data, setData] = useState<AdminCatalogue | null>(null);
  // null until the supplier answers; 'failed' when it does not.
  const [report, setReport] = useState<PanelReport | 'failed' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await adminCatalogue());
      setFailure(null);
    } catch (error) {
      setFailure(failureText(error));
    }
    // The plan components' services and the packages' costs as the panel describes them; none when it
    // does not answer.
    setReport(await supplierPanel().catch(() => 'failed' as const));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const reload = () => void load();

  if (!data) return <Failure text={failure} />;
  return (
    <section aria-labelledby="catalogo" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="catalogo" className="text-lg font-bold text-slate-900">
        Pacotes e planos
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Cada item tem o seu “Salvar”. Pedidos novos usam os preços salvos na hora; pedidos já feitos mantêm os
        seus.
      </p>
      {report !== null && <CostRule costs={report === 'failed' ? undefined : report.costs} />}
      {data.products.map((product) => {
        const unitLabel = productKinds.find((k) => k.id === product.id)?.unitLabel ?? product.name;
        return (
          <section
            key={product.id}
            aria-labelledby={`catalogo-admin-${product.id}`}
            className="mt-5 space-y-3"
          >
            <h3 id={`catalogo-admin-${product.id}`} className="text-base font-bold text-slate-900">
              {product.name}
            </h3>
            <AdminProductForm product={product.id} settings={product} onSaved={reload} />
            {product.packages.map((pack) => (
              <AdminPackageForm
                key={pack.amount}
                product={product.id}
                unitLabel={unitLabel}
                pack={pack}
                onSaved={reload}
                cost={
                  typeof report === 'object' && report
                    ? report.costs?.packages.find((c) => c.product === product.id && c.amount === pack.amount)
                    : undefined
                }
              />
            ))}
            <AdminPackageForm product={product.id} unitLabel={unitLabel} pack={null} onSaved={reload} />
          </section>
        );
      })}
      <section aria-labelledby="catalogo-admin-planos" className="mt-5 space-y-3">
        <h3 id="catalogo-admin-planos" className="text-base font-bold text-slate-900">
          Planos mensais
        </h3>
        <p className="text-sm text-slate-700">
          Assinaturas já feitas continuam com o valor contratado; o novo preço vale para novas assinaturas.
        </p>
        {data.plans.map((plan) => (
          <AdminPlanForm
            key={plan.id}
            plan={plan}
            report={typeof report === 'object' && report ? report.components : []}
            onSaved={reload}
          />
        ))}
      </section>
      <section aria-labelledby="catalogo-admin-historico" className="mt-5">
        <h3 id="catalogo-admin-historico" className="text-base font-bold text-slate-900">
          Alterações recentes
        </h3>
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {data.audit.map((entry) => (
            <li key={`${entry.at}-${entry.entityId}`}>
              {formatDateTime(new Date(entry.at))} · {entry.actor} · {entry.entityId}: {changed(entry)}
            </li>
          ))}
          {data.audit.length === 0 && <li>Nenhuma alteração ainda.</li>}
        </ul>
      </section>
    </section>
  );
}
