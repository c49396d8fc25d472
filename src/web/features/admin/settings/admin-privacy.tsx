import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { oneOf } from '#shared/one-of.ts';
import { buttonSecondary, fieldInput, fieldLabel } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { Failure, failureText } from '../admin-failure';
import { privacyRequests, requestPrivacy, type PrivacyRequest } from '../admin-settings-api';

const privacyActions = ['export', 'erase'] as const satisfies ReadonlyArray<PrivacyRequest['action']>;

const actionLabels = { export: 'Cópia dos dados', erase: 'Exclusão dos dados' };

/**
 * "Dados pessoais (LGPD)" in the panel (issue 13): for a guest buyer who asks by WhatsApp or e-mail, the
 * operator sends a confirmation link to that address; the buyer's click carries the request out.
 */
export function AdminPrivacy() {
  const [email, setEmail] = useState('');
  const [action, setAction] = useState<PrivacyRequest['action']>('export');
  const [notice, setNotice] = useState<string | null>(null);
  const [requests, setRequests] = useState<PrivacyRequest[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setRequests((await privacyRequests()).requests);
      setFailure(null);
    } catch (error) {
      setFailure(failureText(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await requestPrivacy(email, action);
      setNotice(`Enviamos o link de confirmação para ${email}.`);
      setEmail('');
    } catch (error) {
      setNotice(error instanceof ApiError ? error.message : 'Não foi possível enviar.');
    }
    await load();
  };

  return (
    <section aria-labelledby="dados-pessoais" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="dados-pessoais" className="text-lg font-bold text-slate-900">
        Dados pessoais (LGPD)
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Para um comprador sem conta: enviamos um link ao e-mail dele; o pedido só é cumprido quando ele
        confirma. Clientes com conta fazem isso sozinhos em Meu painel.
      </p>
      <form noValidate onSubmit={(e) => void send(e)} className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="privacy-email" className={fieldLabel}>
            E-mail do comprador
          </label>
          <input
            id="privacy-email"
            type="email"
            className={fieldInput}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="privacy-action" className={fieldLabel}>
            Pedido
          </label>
          <select
            id="privacy-action"
            className={fieldInput}
            value={action}
            onChange={(e) => {
              const chosen = oneOf(privacyActions, e.target.value);
              if (chosen) setAction(chosen);
            }}
          >
            <option value="export">Cópia dos dados</option>
            <option value="erase">Exclusão dos dados</option>
          </select>
        </div>
        <button type="submit" className={buttonSecondary}>
          Enviar link de confirmação
        </button>
      </form>
      {notice && (
        <p role="status" className="mt-2 text-sm text-slate-800">
          {notice}
        </p>
      )}
      <Failure text={failure} />
      <ul className="mt-3 space-y-1 text-sm text-slate-800">
        {requests.map((r) => (
          <li key={r.id}>
            {formatDateTime(new Date(r.createdAt))} · {actionLabels[r.action]} · {r.email} ·{' '}
            {r.confirmedAt
              ? `confirmado em ${formatDateTime(new Date(r.confirmedAt))}`
              : 'aguardando confirmação'}
          </li>
        ))}
      </ul>
    </section>
  );
}
