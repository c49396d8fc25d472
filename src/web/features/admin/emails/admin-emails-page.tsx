import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { SentEmailPage } from '#shared/schemas/admin-emails.ts';
import { messages } from '#shared/messages.ts';
import { LoadFailed } from '../admin-load-failed';
import { AdminShell } from '../admin-shell';
import { AdminEmailView } from './admin-email-view';
import { sentEmails } from './admin-emails-api';

/**
 * /admin/emails (docs/admin.md#e-mails-enviados): without SMTP_URL, every e-mail the shop sent, newest first,
 * each opened as its reader sees it. With SMTP it says where they went instead.
 */
export function AdminEmailsPage() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<SentEmailPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setData(await sentEmails(page));
    } catch {
      setFailed(true);
    }
  }, [page]);
  useEffect(() => void load(), [load]);

  return (
    <AdminShell title="E-mails enviados">
      {failed && <LoadFailed retry={() => void load()} />}
      {!data && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
      {data?.delivery === 'smtp' && (
        <p role="status" className="mt-4 rounded-2xl bg-white p-4 text-slate-800 ring-1 ring-slate-200">
          {messages.emails_through_smtp}
        </p>
      )}
      {data?.delivery === 'outbox' && (
        <section
          aria-labelledby="emails-lista"
          className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
        >
          <h2 id="emails-lista" className="text-lg font-bold text-slate-900">
            {data.total} e-mails, os mais recentes primeiro
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Sem SMTP_URL a loja não envia e-mails: guarda-os aqui, como o cliente os receberia. Configure o
            SMTP antes de vender (docs/operations.md).
          </p>
          <ul className="mt-3 divide-y divide-slate-200">
            {data.emails.map((email) => (
              <li key={email.id} className="py-2">
                <button
                  type="button"
                  aria-expanded={open === email.id}
                  onClick={() => setOpen(open === email.id ? null : email.id)}
                  className="flex min-h-11 w-full flex-col items-start text-left hover:bg-slate-50"
                >
                  <span className="font-semibold text-slate-900 underline">{email.subject}</span>
                  <span className="text-sm text-slate-700">
                    Para {email.to} · {formatDateTime(new Date(email.createdAt))}
                  </span>
                </button>
                {open === email.id && <AdminEmailView id={email.id} />}
              </li>
            ))}
          </ul>
          {data.total > data.pageSize && (
            <nav aria-label="Páginas" className="mt-3 flex items-center gap-3 text-sm">
              <button
                type="button"
                className="min-h-11 underline disabled:opacity-50"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Mais recentes
              </button>
              <span>Página {page}</span>
              <button
                type="button"
                className="min-h-11 underline disabled:opacity-50"
                disabled={page * data.pageSize >= data.total}
                onClick={() => setPage(page + 1)}
              >
                Mais antigos
              </button>
            </nav>
          )}
        </section>
      )}
    </AdminShell>
  );
}
