import { useCallback, useEffect, useState } from 'react';
import type { FiscalSetup } from '#shared/schemas/fiscal-info.ts';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { fiscalSetup } from './admin-invoices-api';
import { AdminFiscalCity } from './admin-fiscal-city';
import { AdminFiscalForm } from './admin-fiscal-form';

/**
 * "Dados fiscais no Asaas": what the city requires and the fiscal data Asaas holds, both read through the
 * server, and the form that sends it. A failure to reach Asaas is shown, with a way to try again.
 */
export function AdminFiscalSetup() {
  const [setup, setSetup] = useState<FiscalSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    setFailure(null);
    try {
      setSetup(await fiscalSetup());
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível ler o Asaas agora.');
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <section aria-labelledby="dados-fiscais" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="dados-fiscais" className="text-lg font-bold text-slate-900">
        Dados fiscais no Asaas
      </h2>
      {failure && (
        <div role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          <p>{failure}</p>
          <button type="button" className={`${buttonSecondary} mt-2`} onClick={() => void load()}>
            Ler de novo
          </button>
        </div>
      )}
      {!setup && !failure && <p className="mt-2 text-slate-700">Lendo o Asaas…</p>}
      {setup && (
        <>
          <AdminFiscalCity options={setup.options} info={setup.info} />
          <AdminFiscalForm
            setup={setup}
            onSaved={(info) => setSetup({ ...setup, info })}
            onUnsure={() => void load()}
          />
        </>
      )}
    </section>
  );
}
