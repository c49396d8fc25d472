import { useCallback, useEffect, useState } from 'react';
import type { InvoiceSettings } from '#shared/schemas/invoice-settings.ts';
import { invoiceSettings } from './admin-invoices-api';
import { AdminFiscalSetup } from './admin-fiscal-setup';
import { AdminInvoiceList } from './admin-invoice-list';
import { AdminInvoiceSettings } from './admin-invoice-settings';
import { LoadFailed } from '../admin-load-failed';
import { AdminShell } from '../admin-shell';

/**
 * /admin/nota-fiscal (docs/nfse.md): the "Nota fiscal" settings, the fiscal data at Asaas with what the
 * city requires, and "Notas fiscais". Everything is checked again by the server.
 */
export function AdminInvoicesPage() {
  const [settings, setSettings] = useState<InvoiceSettings | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSettings((await invoiceSettings()).settings);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <AdminShell title="Nota fiscal">
      {failed && <LoadFailed retry={() => void load()} />}
      {settings === undefined && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
      {settings !== undefined && (
        <>
          <AdminInvoiceSettings stored={settings} />
          <AdminFiscalSetup />
          <AdminInvoiceList />
        </>
      )}
    </AdminShell>
  );
}
