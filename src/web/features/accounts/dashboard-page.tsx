import { useEffect, useState } from 'react';
import { formatDate } from '#shared/dates.ts';
import { formatBRL } from '#shared/money.ts';
import { orderStatusLabels, paymentStatusLabels, planOfMonth } from '#shared/orders.ts';
import { PageShell } from '../../components/layout/page-shell';
import { buttonSecondary, container } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { Link } from '../../router/link';
import { useNavigate } from '../../router/router';
import { InvoiceLinks, PlanPanel, serviceTitle, SessionProvesOrder } from '../orders';
import { accountOrders, resendVerification, logout, type AccountAnswer } from './accounts-api';
import { DashboardPlans } from './dashboard-plans';
import { MyData } from './my-data';
import { checkoutUrl, orderPage, paths } from '../../paths';

/**
 * /dashboard: greeting, profile and the account's orders; without a session, /login
 * (docs/product.md#accounts).
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const [data, setData] = useState<AccountAnswer | null>(null);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);

  useEffect(() => {
    accountOrders()
      .then(setData)
      .catch((caught: unknown) => {
        if (caught instanceof ApiError && caught.status === 401) navigate(paths.lookup, { replace: true });
        else setError(caught instanceof Error ? caught.message : 'Erro ao carregar os pedidos.');
      });
  }, [navigate, version]);

  const signOut = async () => {
    await logout().catch(() => undefined);
    navigate(paths.lookup);
  };

  return (
    <PageShell backLink>
      <div className={`${container} max-w-3xl py-10`}>
        {deleted && (
          <div role="status" className="rounded-2xl bg-green-50 p-5 text-green-900 ring-1 ring-green-200">
            <p className="font-bold">{deleted}</p>
            <Link to={paths.home} className="mt-2 inline-block underline">
              Voltar ao início
            </Link>
          </div>
        )}
        {!data && !error && !deleted && <p className="text-slate-700">Carregando…</p>}
        {error && (
          <p role="alert" className="text-red-800">
            {error}
          </p>
        )}
        {data && !deleted && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-3xl font-extrabold text-slate-900">Olá, {data.user.name.split(' ')[0]}!</h1>
              <button type="button" onClick={signOut} className={buttonSecondary}>
                Sair
              </button>
            </div>
            <section
              aria-labelledby="perfil"
              className="mt-6 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200"
            >
              <h2 id="perfil" className="font-bold text-slate-900">
                Seu perfil
              </h2>
              <p className="mt-2 text-slate-800">{data.user.name}</p>
              <p className="text-slate-800">
                {data.user.email} · {data.user.emailVerified ? 'e-mail confirmado' : 'e-mail não confirmado'}
              </p>
              {!data.user.emailVerified && (
                <p className="mt-2 text-sm text-slate-700">
                  Confirme o e-mail pelo link que enviamos para a sua caixa de entrada, para ver aqui os
                  pedidos feitos com ele antes de criar a conta.{' '}
                  <button
                    type="button"
                    className="font-semibold text-fuchsia-800 underline"
                    onClick={() =>
                      resendVerification()
                        .then(() => setResent(true))
                        .catch(() => undefined)
                    }
                  >
                    {resent ? 'Link enviado!' : 'Reenviar link'}
                  </button>
                </p>
              )}
            </section>
            <SessionProvesOrder.Provider value>
              {data.plans.map((plan) => (
                <PlanPanel
                  key={plan.subscriptionId}
                  orderId={data.orders.find((o) => o.subscriptionId === plan.subscriptionId)!.id}
                  plan={plan}
                  onChanged={() => setVersion((v) => v + 1)}
                />
              ))}
            </SessionProvesOrder.Provider>
            <DashboardPlans orders={data.orders} />
            <h2 className="mt-8 text-xl font-bold text-slate-900">Seus pedidos</h2>
            {data.orders.length === 0 ? (
              <p className="mt-3 text-slate-700">Nenhum pedido encontrado</p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b border-slate-300 text-slate-700">
                      <th scope="col" className="py-2 pr-3">
                        Data
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Serviço
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Valor
                      </th>
                      <th scope="col" className="py-2">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.orders.map((order) => (
                      <tr key={order.id} className="border-b border-slate-200">
                        <td className="py-2 pr-3">{formatDate(new Date(order.createdAt))}</td>
                        <td className="py-2 pr-3">
                          <Link to={orderPage(order.id)} className="font-semibold text-fuchsia-800 underline">
                            {serviceTitle(order)}
                          </Link>
                          {/* The same package again, in one tap (issue 45 §6). */}
                          <Link
                            to={
                              order.service === 'recurring'
                                ? checkoutUrl({ type: 'recurring', plan: planOfMonth(order) })
                                : checkoutUrl({ type: order.service, amount: order.quantity })
                            }
                            className="mt-1 block text-xs font-semibold text-slate-700 underline"
                            aria-label={`Comprar de novo: ${serviceTitle(order)}`}
                          >
                            Comprar de novo
                          </Link>
                        </td>
                        <td className="py-2 pr-3">{formatBRL(order.totalCents)}</td>
                        <td className="py-2">
                          {orderStatusLabels[order.status]} · {paymentStatusLabels[order.paymentStatus]}
                          {order.invoice && <InvoiceLinks invoice={order.invoice} />}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <MyData onDeleted={setDeleted} />
          </>
        )}
      </div>
    </PageShell>
  );
}
