import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { PanelReport } from '#shared/schemas/deliveries.ts';
import { ApiError } from '#web/lib/api.ts';
import { supplierPanel } from '../admin-api';

const productNames: Record<string, string> = {
  followers: 'Seguidores',
  likes: 'Curtidas',
  views: 'Visualizações',
};

/** The delivery panel's balance and the configured services as it describes them, with warnings. */
export function AdminSupplier() {
  const [report, setReport] = useState<PanelReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    supplierPanel()
      .then(setReport)
      .catch((error: unknown) =>
        setFailure(error instanceof ApiError ? error.message : messages.fulfilment_unavailable),
      );
  }, []);
  if (failure)
    return (
      <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
        {failure}
      </p>
    );
  if (!report) return <p className="mt-3 text-sm text-slate-700">Carregando…</p>;
  if (report.provider === 'manual')
    return (
      <p className="mt-3 text-sm text-slate-800">
        Entrega manual (FULFILMENT_PROVIDER=manual): sem fornecedor.
      </p>
    );
  return (
    <div className="mt-3 text-sm text-slate-900">
      <p>
        Fornecedor: {report.provider === 'sandbox' ? 'simulado (sandbox)' : 'painel SMM'} · Saldo:{' '}
        <strong>
          {report.balance?.balance} {report.balance?.currency}
        </strong>
      </p>
      {report.warnings.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-red-800">
          {report.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {/* Scrolls in its box on a phone; focusable, so a keyboard can scroll it too. */}
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Serviços do fornecedor">
        <table className="w-full min-w-[32rem] text-left">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="py-1 pr-2">Produto</th>
              <th className="py-1 pr-2">Serviço</th>
              <th className="py-1 pr-2">Mín–máx</th>
              <th className="py-1 pr-2">Preço/1.000</th>
              <th className="py-1">Reposição</th>
            </tr>
          </thead>
          <tbody>
            {report.services.map((s) => (
              <tr key={s.product} className="border-b border-slate-200">
                <td className="py-1 pr-2">{productNames[s.product] ?? s.product}</td>
                <td className="py-1 pr-2">
                  {s.serviceId} {s.name ? `· ${s.name}` : '(não existe)'}
                </td>
                <td className="py-1 pr-2">{s.min !== null ? `${s.min}–${s.max}` : '—'}</td>
                <td className="py-1 pr-2">{s.rate ?? '—'}</td>
                <td className="py-1">{s.refill === null ? '—' : s.refill ? 'sim' : 'não'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
