import { useCallback, useEffect, useState } from 'react';
import type { InvoiceSettings } from '#shared/schemas/invoice-settings.ts';
import { buttonSecondary } from '../../components/ui/styles';
import { invoiceSettings } from './admin-invoices-api';
import { Link } from '../../router/link';
import { paths } from '../../paths';
import { useNavigate } from '../../router/router';
import { AdminFiscalSetup } from './admin-fiscal-setup';
import { AdminInvoiceList } from './admin-invoice-list';
import { AdminInvoiceSettings } from './admin-invoice-settings';
import { LoadFailed, leaveOnRefusal } from './admin-load-failed';

/**
 * /admin/nota-fiscal (docs/nfse.md): the "Nota fiscal" settings, the fiscal data at Asaas with what the
 * city requires, and "Notas fiscais". Everything is checked again by the server.
 */
export function AdminInvoicesPage() {
  const navigate = useNavigate();
  const [settings, setSettings] = useState<InvoiceSettings | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSettings((await invoiceSettings()).settings);
    } catch (error) {
      if (!leaveOnRefusal(error, navigate)) setFailed(true);
    }
  }, [navigate]);
  useEffect(() => void load(), [load]);

  return (
    <main id="conteudo" className="mx-auto max-w-7xl px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-slate-900">Nota fiscal</h1>
        <Link to={paths.admin} className={buttonSecondary}>
          Voltar ao painel
        </Link>
      </header>
      {failed && <LoadFailed retry={() => void load()} />}
      {settings === undefined && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
      {settings !== undefined && (
        <>
          <AdminInvoiceSettings stored={settings} />
          <AdminFiscalSetup />
          <AdminInvoiceList />
        </>
      )}
    </main>
  );
}
