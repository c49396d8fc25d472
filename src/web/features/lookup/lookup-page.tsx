import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { lookupSchema, type LookupOrder } from '#shared/schemas/lookup.ts';
import { useZodForm } from '../../lib/use-zod-form';
import { PageShell } from '../../components/layout/page-shell';
import { TextField } from '../../components/ui/text-field';
import { buttonPrimary, buttonSecondary, container } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { lookupOrders } from './lookup-api';
import { useNavigate } from '../../router/router';
import { LookupResults } from './lookup-results';
import { keepOrderToken } from '../orders';
import { SignInForm } from '../accounts';
import { orderPage } from '../../paths';

/** /login, labelled 'Consultar Compra': e-mail + purchase code (docs/product.md#order-lookup). */
export function LookupPage() {
  const navigate = useNavigate();
  const form = useZodForm(
    lookupSchema,
    { email: '', code: '' },
    { email: 'lookup-email', code: 'lookup-code' },
  );
  const { email, code } = form.values;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<LookupOrder[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (form.problem()) return;
    setBusy(true);
    try {
      const response = await lookupOrders(email, code);
      // E-mail + code proved: each order's token lets its page pay again or fix a link (ADR 026).
      for (const order of response.pedidos) keepOrderToken(order.id, order.orderToken);
      if (response.pedidos.length === 1) navigate(orderPage(response.pedidos[0]!.id));
      else if (response.pedidos.length > 1) setResults(response.pedidos);
      else setError(messages.lookup_not_found);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : messages.lookup_failed);
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setResults(null);
    form.setValues({ email: '', code: '' });
    form.clear();
    setError(null);
  };

  return (
    <PageShell backLink>
      <div className={`${container} max-w-xl py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Consultar Compra</h1>
        {results ? (
          <>
            <p className="mt-3 text-slate-700">Encontramos {results.length} pedidos.</p>
            <LookupResults orders={results} />
            <button type="button" onClick={reset} className={`${buttonSecondary} mt-6`}>
              Nova Consulta
            </button>
          </>
        ) : (
          <form noValidate onSubmit={submit} className="mt-6 space-y-4">
            <p className="text-slate-700">
              Use o e-mail da compra e o código que enviamos para você (ex.: AB2C-D3EF).
            </p>
            <TextField
              id="lookup-email"
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onValue={(next) => form.set({ email: next })}
            />
            <TextField
              id="lookup-code"
              label="Código de compra"
              autoCapitalize="characters"
              autoComplete="off"
              value={code}
              onValue={(v) => form.set({ code: v.toUpperCase() })}
              maxLength={12}
              placeholder="XXXX-XXXX"
            />
            {(form.problemText ?? error) && (
              <p
                role="alert"
                className="rounded-lg bg-red-50 p-3 font-medium text-red-900 ring-1 ring-red-200"
              >
                {form.problemText ?? error}
              </p>
            )}
            <button type="submit" className={`${buttonPrimary} w-full`} disabled={busy}>
              {busy ? 'Consultando...' : 'Consultar'}
            </button>
          </form>
        )}
        {!results && <SignInForm />}
      </div>
    </PageShell>
  );
}
