import { useEffect, useState } from 'react';
import { paths } from '#web/paths.ts';
import { Link } from '#web/router/link.tsx';
import { adminOrders, deadJobs, fulfilmentAttention } from '../admin-api';
import { adminInvoices } from '../invoices';
import { adminSession } from '../admin-settings-api';

interface Need {
  label: string;
  count: number;
  to: string;
}

/** How many of each thing wait for the owner, read from the pages that resolve them; null: not known. */
async function needs(): Promise<Array<Need | null>> {
  const count = <T,>(read: Promise<T>, of: (answer: T) => number) =>
    read.then(of).catch(() => null as number | null);
  const [deliveries, jobs, whatsapp, invoiceErrors, session] = await Promise.all([
    count(fulfilmentAttention(), (a) => a.count),
    count(deadJobs(), (a) => a.count),
    count(adminOrders('period=all&status=aguardando_contato_whatsapp&pageSize=1'), (a) => a.total),
    count(adminInvoices('period=all&status=ERROR', 1), (a) => a.total),
    adminSession().catch(() => null),
  ]);
  const need = (label: string, n: number | null, to: string): Need | null =>
    n === null ? null : { label, count: n, to };
  return [
    need('Entregas a decidir', deliveries, paths.adminDeliveries),
    need('Tarefas com falha (e-mails e avisos não enviados)', jobs, '#tarefas-falha'),
    need(
      'Pedidos aguardando contato no WhatsApp',
      whatsapp,
      `${paths.adminOrders}?period=all&status=aguardando_contato_whatsapp`,
    ),
    need('Notas fiscais com erro', invoiceErrors, paths.adminInvoices),
    session && !session.twoFactor.enabled
      ? { label: 'Verificação em duas etapas desligada', count: 1, to: paths.adminSecurity }
      : null,
  ];
}

const needClass =
  'flex min-h-11 items-center justify-between gap-3 rounded-lg px-2 font-semibold text-slate-900 underline hover:bg-amber-100';

/** A need's line: a link to its page, or to its list further down this one. */
function NeedLink({ need }: { need: Need }) {
  const content = (
    <>
      <span>{need.label}</span>
      <span className="rounded-full bg-amber-200 px-2.5 text-sm">{need.count}</span>
    </>
  );
  return need.to.startsWith('#') ? (
    <a href={need.to} className={needClass}>
      {content}
    </a>
  ) : (
    <Link to={need.to} className={needClass}>
      {content}
    </Link>
  );
}

/** "Precisa de você agora": each open matter with its count and the page that resolves it. */
export function AdminAttention() {
  const [list, setList] = useState<Array<Need | null> | null>(null);
  useEffect(() => {
    void needs().then(setList);
  }, []);
  if (!list) return <p className="mt-4 text-slate-700">Carregando…</p>;
  const open = list.filter((n): n is Need => n !== null && n.count > 0);
  const unknown = list.some((n) => n === null);
  return (
    <section
      aria-labelledby="agora"
      className={`mt-4 rounded-2xl p-4 ring-1 ${open.length ? 'bg-amber-50 ring-amber-300' : 'bg-white ring-slate-200'}`}
    >
      <h2 id="agora" className="text-lg font-bold text-slate-900">
        Precisa de você agora
      </h2>
      {open.length === 0 && !unknown && <p className="mt-2 text-slate-800">Nada pendente agora.</p>}
      <ul className="mt-2 space-y-1">
        {open.map((n) => (
          <li key={n.label}>
            <NeedLink need={n} />
          </li>
        ))}
      </ul>
      {unknown && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          Não foi possível ler tudo o que está pendente. Recarregue a página.
        </p>
      )}
    </section>
  );
}
