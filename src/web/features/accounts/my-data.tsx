import { useState, type FormEvent } from 'react';
import { buttonSecondary, fieldError, fieldInput, fieldLabel } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { accountDataUrl, deleteAccount } from './accounts-api';

/**
 * "Meus dados" on /dashboard (issue 13, LGPD art. 18): a download of everything the store holds about the
 * account, and "Excluir minha conta", confirmed with the password.
 */
export function MyData({ onDeleted }: { onDeleted: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const answer = await deleteAccount(password);
      onDeleted(answer.message);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível excluir a conta.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="meus-dados" className="mt-8 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <h2 id="meus-dados" className="font-bold text-slate-900">
        Meus dados
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Baixe tudo o que guardamos sobre você (perfil, pedidos, pagamentos, e-mails enviados) ou exclua a
        conta. Ao excluir, apagamos seus dados pessoais; guardamos só o que a lei fiscal exige (valores, datas
        e código dos pedidos), sem nada que identifique você.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={accountDataUrl} download className={buttonSecondary}>
          Baixar meus dados
        </a>
        {!confirming && (
          <button type="button" className={buttonSecondary} onClick={() => setConfirming(true)}>
            Excluir minha conta
          </button>
        )}
      </div>
      {confirming && (
        <form noValidate onSubmit={(e) => void erase(e)} className="mt-4 space-y-3">
          <p className="font-semibold text-red-900">
            A exclusão não pode ser desfeita. Digite sua senha para confirmar.
          </p>
          <div>
            <label htmlFor="delete-password" className={fieldLabel}>
              Senha
            </label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              className={fieldInput}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? 'delete-password-error' : undefined}
            />
            {failure && (
              <p id="delete-password-error" role="alert" className={fieldError}>
                {failure}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={`${buttonSecondary} text-red-800`} disabled={busy}>
              Excluir definitivamente
            </button>
            <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
              Cancelar
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
